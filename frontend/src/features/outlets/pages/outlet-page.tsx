import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { pageFeeds, pageTexts } from '@veredicto/contract';
import { FeedLink } from '../../../components/feed-link';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { ScoreBadge } from '../../../components/score-badge';
import { Spinner } from '../../../components/spinner';
import { NotFoundPage } from '../../../components/not-found-page';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../auth';
import { useOutlet } from '../api/use-outlet';
import { useOutletAgreement } from '../api/use-outlet-agreement';
import { useOutletDifferences } from '../api/use-outlet-differences';
import { OUTLET_REVIEWS_PAGE_SIZE, useOutletReviews } from '../api/use-outlet-reviews';
import { countryName, decimal, deviationVerdict, languageName, signedPoints } from '../outlet-text';
import type { Outlet, OutletCall } from '../../../lib/types';
import '../components/outlets.css';

// The chart library is in its own chunk, fetched only by this page.
const DeviationChart = lazy(async () => ({
  default: (await import('../components/deviation-chart')).DeviationChart,
}));

function Calls({ title, calls }: { title: string; calls: OutletCall[] }) {
  return (
    <section className="outlet-calls">
      <h3>{title}</h3>
      {calls.length === 0 ? <p>Ninguna.</p> : null}
      <ol>
        {calls.map((call) => (
          <li key={call.igdbID}>
            <Link to={routes.game({ title: call.title, igdbID: call.igdbID })}>{call.title}</Link>
            <span>
              {decimal(call.score, 0)} frente a {decimal(call.othersMean)} de {call.othersCount} medios (
              <strong>{signedPoints(call.difference)}</strong>)
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Deviation({ outlet }: { outlet: Outlet }) {
  const { data } = useOutletDifferences(outlet.slug);
  const { deviation } = outlet;
  return (
    <section className="outlet-deviation" aria-labelledby="outlet-deviation-title">
      <h2 id="outlet-deviation-title">Desviación respecto al consenso</h2>
      {deviation.mean !== null && deviation.ci95 ? (
        <p className="outlet-deviation__figure">
          <strong>{signedPoints(deviation.mean)} puntos</strong> de media en {deviation.games} juegos
          (intervalo del 95 %: {signedPoints(deviation.ci95[0])} a {signedPoints(deviation.ci95[1])})
        </p>
      ) : null}
      <p>{deviationVerdict(deviation)}</p>
      {data && deviation.games > 0 ? (
        <Suspense fallback={<Spinner />}>
          <DeviationChart histogram={data.histogram} binWidth={data.binWidth} mean={deviation.mean} />
        </Suspense>
      ) : null}
      {data ? (
        <div className="outlet-calls__columns">
          <Calls title="Sus notas más generosas" calls={data.generous} />
          <Calls title="Sus notas más duras" calls={data.harsh} />
        </div>
      ) : null}
    </section>
  );
}

function Agreement({ slug, name }: { slug: string; name: string }) {
  const { token } = useSession();
  const { data } = useOutletAgreement(slug);
  if (!token) {
    return (
      <p>
        <Link to={routes.login()}>Inicia sesión</Link> para ver cómo coinciden tus puntuaciones con las de{' '}
        {name}.
      </p>
    );
  }
  if (!data) return null;
  if (data.games === 0) return <p>Aún no has puntuado ningún juego que {name} haya puntuado.</p>;
  return (
    <p className="outlet-agreement__figure">
      En {data.games === 1 ? '1 juego' : `${data.games} juegos`} que puntuasteis los dos, tu nota difiere de
      la suya {decimal(data.meanAbsoluteDifference ?? 0)} puntos de media (
      {signedPoints(data.meanDifference ?? 0)} a tu favor o en contra)
      {data.correlation !== null ? `; correlación ${decimal(data.correlation, 2)}` : ''}.
    </p>
  );
}

function Reviews({ outlet }: { outlet: Outlet }) {
  const [page, setPage] = useState(0);
  const { data, isLoading } = useOutletReviews(outlet.slug, page);
  const totalPages = data ? Math.ceil(data.totalElements / OUTLET_REVIEWS_PAGE_SIZE) : 0;
  return (
    <section className="outlet-reviews" aria-labelledby="outlet-reviews-title">
      <h2 id="outlet-reviews-title">Sus críticas</h2>
      {isLoading && !data ? <Spinner /> : null}
      {data ? (
        <>
          <ul className="outlet-reviews__list">
            {data.content.map((review, index) => (
              <li key={`${review.igdbID}-${index}`}>
                <ScoreBadge score={review.rating} label="Nota" />
                <Link to={routes.game({ title: review.title, igdbID: review.igdbID })}>{review.title}</Link>
                <span className="outlet-reviews__date">{formatDate(review.date) || 'Sin fecha'}</span>
              </li>
            ))}
          </ul>
          {totalPages > 1 ? (
            <Pagination
              page={page + 1}
              totalPages={totalPages}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
              label="Páginas de críticas"
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** /medios/{slug}: an outlet's figures, its deviation with its chart, its extreme calls and its reviews. */
export function OutletPage() {
  const { slug } = useParams();
  const { data: outlet, error, isLoading, mutate } = useOutlet(slug);
  usePageMeta(
    outlet
      ? {
          ...pageTexts.outlet({ name: outlet.name, reviews: outlet.reviews }),
          canonicalPath: routes.outlet(outlet.slug),
          feeds: [pageFeeds.outletReviews(outlet)],
        }
      : { title: null },
  );
  if (isApiError(error, 404)) return <NotFoundPage />;
  if (error) return <LoadError message="No se ha podido cargar el medio." onRetry={() => mutate()} />;
  if (isLoading || !outlet) return <Spinner />;
  return (
    <article className="page outlet-page">
      <p className="outlet-page__back">
        <Link to={routes.outlets()}>Medios</Link>
      </p>
      <h1 className="page-title">{outlet.name}</h1>
      <dl className="outlet-facts">
        <div>
          <dt>País</dt>
          <dd>{countryName(outlet.country)}</dd>
        </div>
        <div>
          <dt>Idioma</dt>
          <dd>{languageName(outlet.language)}</dd>
        </div>
        {outlet.domain ? (
          <div>
            <dt>Web</dt>
            <dd>{outlet.domain}</dd>
          </div>
        ) : null}
        <div>
          <dt>Críticas</dt>
          <dd>{outlet.reviews.toLocaleString('es-ES')}</dd>
        </div>
        <div>
          <dt>Nota media</dt>
          <dd>{outlet.average !== null ? decimal(outlet.average) : 'S/P'}</dd>
        </div>
      </dl>
      <Deviation outlet={outlet} />
      <section className="outlet-agreement" aria-labelledby="outlet-agreement-title">
        <h2 id="outlet-agreement-title">¿Coincides con {outlet.name}?</h2>
        <Agreement slug={outlet.slug} name={outlet.name} />
      </section>
      <Reviews key={outlet.slug} outlet={outlet} />
      <FeedLink feed={pageFeeds.outletReviews(outlet)} />
    </article>
  );
}
