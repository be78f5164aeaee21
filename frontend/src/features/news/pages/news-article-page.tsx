import { useParams } from 'react-router-dom';
import { pageFeeds, pageTexts } from '@veredicto/contract';
import { NotFoundPage } from '../../../components/not-found-page';
import { CoverImage } from '../../../components/cover-image';
import { LoadError } from '../../../components/load-error';
import { formatDate, slugify, truncate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import type { News } from '../../../lib/types';
import { useAllNews } from '../api/use-all-news';
import { useNewsArticle } from '../api/use-news-article';
import { UNKNOWN_DATE } from '../components/news-card';
import '../components/news.css';

export function matchesSlug(news: Pick<News, 'slug' | 'title'>, slug: string): boolean {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // A malformed escape: compare the slug as it is.
  }
  const wanted = slugify(decoded);
  return news.slug === slug || slugify(news.title) === wanted;
}

/** /news/{slug}: finds the slug in the list, then loads the article by its id. */
export function NewsArticlePage() {
  const { slug = '' } = useParams();
  const list = useAllNews();
  const match = list.data?.find((news) => matchesSlug(news, slug));
  const article = useNewsArticle(match?.newID);
  const news = article.data;

  usePageMeta({
    ...(news ? pageTexts.newsArticle(news) : { title: match?.title ?? null, description: null }),
    canonicalPath: routes.newsArticle({ slug: match?.slug ?? slug, title: match?.title ?? slug }),
    feeds: [pageFeeds.news()],
  });

  if (list.error || article.error) {
    return (
      <div className="page">
        <LoadError
          message={`Error: ${list.error ? 'Error al obtener las noticias' : 'Error al obtener la noticia'}`}
          onRetry={() => Promise.all([list.mutate(), article.mutate()])}
        />
      </div>
    );
  }
  if (list.data && !match) return <NotFoundPage />;
  if (!news) {
    return (
      <div className="page">
        <p role="status">Cargando noticia...</p>
      </div>
    );
  }

  return (
    <article className="page news-article">
      <h1 className="news-article__title">{news.title}</h1>
      <p className="news-article__meta">
        {news.medium}
        {news.publicationDate ? (
          <>
            {' · '}
            <time dateTime={news.publicationDate}>{formatDate(news.publicationDate)}</time>
          </>
        ) : (
          ` · ${UNKNOWN_DATE}`
        )}
      </p>
      <CoverImage
        className="news-article__image"
        src={news.image}
        alt={truncate(news.title, 120)}
        width={1200}
        height={675}
        loading="eager"
      />
      <div className="news-article__body">
        {[news.description, news.description2, news.description3]
          .filter((paragraph) => paragraph && paragraph.trim() !== '')
          .map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
      </div>
      <a className="button button--primary" href={news.link} target="_blank" rel="noopener">
        Ir a la noticia de {news.medium}
      </a>
    </article>
  );
}
