import { Link } from '../../../components/link';
import { CoverImage } from '../../../components/cover-image';
import { formatDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import type { News } from '../../../lib/types';

interface NewsCardProps {
  news: News;
  variant?: 'tile' | 'featured' | 'small';
  headingLevel?: 2 | 3;
  eagerImage?: boolean;
}

/** Background image, outlet logo, title and date; the whole card links to the article. */
export function NewsCard({ news, variant = 'small', headingLevel = 3, eagerImage = false }: NewsCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`news-card news-card--${variant}`}>
      <CoverImage
        className="news-card__image"
        src={news.image}
        alt=""
        width={640}
        height={360}
        loading={eagerImage ? 'eager' : 'lazy'}
      />
      <div className="news-card__overlay">
        {news.logo ? (
          <img
            className="news-card__logo"
            src={news.logo}
            alt={news.medium}
            width={96}
            height={32}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="news-card__medium">{news.medium}</span>
        )}
        <Heading className="news-card__title">
          <Link className="stretched-link" to={routes.newsArticle(news)}>
            {news.title}
          </Link>
        </Heading>
        {news.publicationDate ? (
          <time className="news-card__date" dateTime={news.publicationDate}>
            {formatDate(news.publicationDate)}
          </time>
        ) : (
          <span className="news-card__date">{UNKNOWN_DATE}</span>
        )}
      </div>
    </article>
  );
}

/** Said where a date shows when the outlet's page gave none: no date is better than a wrong one. */
export const UNKNOWN_DATE = 'Fecha desconocida';
