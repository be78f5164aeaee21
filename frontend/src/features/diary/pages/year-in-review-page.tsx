import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { formatDate, pageTexts } from '@veredicto/contract';
import { isApiError } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useYear } from '../api/use-year';
import { formatHours } from '../format-hours';
import type { YearInReview } from '../../../lib/types';
import '../components/diary.css';

export function YearInReviewPage() {
  const { username = '', year = '' } = useParams();
  const text = pageTexts.yearInReview(username, year);
  usePageMeta({
    title: text.title,
    description: text.description,
    canonicalPath: routes.yearInReview(username, year),
  });
  const { data, error } = useYear(username, year);

  if (error) {
    return (
      <section className="page page--center">
        <h1>Año no disponible</h1>
        <p className="muted">
          {isApiError(error, 404)
            ? 'Este perfil no existe o no es visible para ti.'
            : isApiError(error, 400)
              ? 'Ese año no es válido.'
              : 'No se ha podido cargar el año.'}
        </p>
        <Link to={routes.home()} className="button">
          Volver al inicio
        </Link>
      </section>
    );
  }
  if (!data) return <p className="page muted">Cargando…</p>;
  return <YearView year={data} />;
}

function YearView({ year }: { year: YearInReview }) {
  const [shared, setShared] = useState<string | null>(null);
  const url = `${window.location.origin}${routes.yearInReview(year.username, year.year)}`;
  const title = year.own ? `Tu año ${year.year}` : `El ${year.year} de ${year.username}`;

  const share = async () => {
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShared('Enlace copiado');
    } catch {
      setShared(`Copia este enlace: ${url}`);
    }
  };

  return (
    <section className="page year-page">
      <h1>{title}</h1>
      <p className="muted">
        <Link to={routes.publicProfile(year.username)}>Perfil de {year.username}</Link>
        {' · '}
        <Link to={routes.yearInReview(year.username, year.year - 1)}>{year.year - 1}</Link>
      </p>
      <ul className="year-figures" data-testid="year-figures">
        <li>
          <strong>{year.completed.length}</strong>
          {year.completed.length === 1 ? 'juego completado' : 'juegos completados'}
        </li>
        <li>
          <strong data-testid="year-hours">{formatHours(year.hours)}</strong> jugadas
        </li>
        <li>
          <strong>{year.platforms.length}</strong>
          {year.platforms.length === 1 ? 'plataforma' : 'plataformas'}
        </li>
      </ul>

      <h2>Juegos completados</h2>
      {year.completed.length === 0 ? <p className="muted">Ningún juego completado en {year.year}.</p> : null}
      <ul className="diary-list" data-testid="year-completed">
        {year.completed.map((game) => (
          <li key={game.igdbID}>
            <Link to={routes.game(game)}>{game.title}</Link>
            <span className="muted">{formatDate(game.completedOn)}</span>
            {game.platform ? <span>{game.platform}</span> : null}
            <span>{formatHours(game.hours)}</span>
            {game.score !== null ? <strong>{game.score}</strong> : null}
          </li>
        ))}
      </ul>

      <h2>Mejor valorados</h2>
      {year.bestRated.length === 0 ? <p className="muted">Sin puntuaciones en {year.year}.</p> : null}
      <ol className="diary-list" data-testid="year-best">
        {year.bestRated.map((game) => (
          <li key={game.igdbID}>
            <strong>{game.score}</strong>
            <Link to={routes.game(game)}>{game.title}</Link>
          </li>
        ))}
      </ol>

      <h2>Plataformas</h2>
      {year.platforms.length === 0 ? <p className="muted">Sin plataformas anotadas en {year.year}.</p> : null}
      <ul className="diary-list" data-testid="year-platforms">
        {year.platforms.map((platform) => (
          <li key={platform.platform}>
            <strong>{platform.platform}</strong>
            <span>
              {platform.games} {platform.games === 1 ? 'juego' : 'juegos'}
            </span>
            <span className="muted">{formatHours(platform.hours)}</span>
          </li>
        ))}
      </ul>

      <h2>Compartir</h2>
      {year.image ? (
        <img
          className="year-page__image"
          src={year.image}
          width={1200}
          height={630}
          alt={`Resumen de ${year.year} de ${year.username}: ${year.completed.length} completados, ${formatHours(year.hours)}`}
        />
      ) : (
        <p className="muted">Solo los perfiles públicos muestran una imagen al compartir el enlace.</p>
      )}
      <p>
        <button type="button" className="button" onClick={() => void share()}>
          Compartir
        </button>{' '}
        <span role="status">{shared}</span>
      </p>
    </section>
  );
}
