import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { pageFeeds, pageTexts } from '@veredicto/contract';
import { FeedLink } from '../../../components/feed-link';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useMediaQuery, WIDE_NEWS_QUERY } from '../../../lib/use-media-query';
import type { News } from '../../../lib/types';
import { useAllNews } from '../api/use-all-news';
import { NewsCard } from '../components/news-card';
import '../components/news.css';

export const NEWS_PAGE_SIZE = 5;
export const FEATURED_NEWS_COUNT = 2;

function WideNews({ news }: { news: News[] }) {
  const featured = news.slice(0, FEATURED_NEWS_COUNT);
  const rest = news.slice(FEATURED_NEWS_COUNT);
  return (
    <>
      <ul className="news-featured">
        {featured.map((item, index) => (
          <li key={item.newID}>
            <NewsCard news={item} variant="featured" headingLevel={2} eagerImage={index === 0} />
          </li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <>
          <h2 className="news-discover">¡DESCUBRE TODA LA ACTUALIDAD SOBRE TUS VIDEOJUEGOS FAVORITOS!</h2>
          <ul className="news-grid">
            {rest.map((item) => (
              <li key={item.newID}>
                <NewsCard news={item} variant="small" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function NarrowNews({ news, page }: { news: News[]; page: number }) {
  const navigate = useNavigate();
  const totalPages = Math.max(1, Math.ceil(news.length / NEWS_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const items = news.slice((current - 1) * NEWS_PAGE_SIZE, current * NEWS_PAGE_SIZE);
  const goTo = (target: number) => {
    navigate(routes.newsPage(Math.min(Math.max(target, 1), totalPages)));
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      <ul className="news-stack">
        {items.map((item, index) => (
          <li key={item.newID}>
            <NewsCard news={item} variant="small" headingLevel={2} eagerImage={index === 0} />
          </li>
        ))}
      </ul>
      <Pagination
        page={current}
        totalPages={totalPages}
        onPrevious={() => goTo(current - 1)}
        onNext={() => goTo(current + 1)}
        label="Páginas de noticias"
      />
    </>
  );
}

/** /news/allNews and /news/page/{page}: featured layout from 899 px, pages of 5 below. */
export function NewsListPage() {
  const params = useParams();
  const page = params.page === undefined ? 1 : Number.parseInt(params.page, 10);
  const wide = useMediaQuery(WIDE_NEWS_QUERY);
  const { data: news, error, isLoading, mutate } = useAllNews();
  usePageMeta({ ...pageTexts.newsList(), canonicalPath: routes.newsList(), feeds: [pageFeeds.news()] });

  if (!Number.isInteger(page) || page < 1) return <Navigate to={routes.newsList()} replace />;

  let content;
  if (isLoading) content = <Spinner label="Cargando noticias..." />;
  else if (error) content = <LoadError message="Error al obtener las noticias" onRetry={() => mutate()} />;
  else if (!news || news.length === 0)
    content = <p className="empty-state">No hay noticias disponibles en este momento.</p>;
  else content = wide ? <WideNews news={news} /> : <NarrowNews news={news} page={page} />;

  return (
    <div className="page news-list">
      <h1 className="page-title">NOTICIAS</h1>
      <FeedLink feed={pageFeeds.news()} />
      {content}
    </div>
  );
}
