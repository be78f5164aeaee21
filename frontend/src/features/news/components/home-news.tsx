import { Link } from '../../../components/link';
import { routes } from '../../../lib/paths';
import { useAllNews } from '../api/use-all-news';
import { NewsCard } from './news-card';
import './news.css';

export const HOME_NEWS_COUNT = 4;

/** The first four news as tiles: a mosaic from about 445 px, stacked below; hidden when there is no news. */
export function HomeNews() {
  const { data: news } = useAllNews();
  const first = news?.slice(0, HOME_NEWS_COUNT) ?? [];
  if (first.length === 0) return null;
  return (
    <section className="home-news" aria-labelledby="home-news-title">
      <div className="section-heading">
        <h2 id="home-news-title">NOTICIAS</h2>
        <Link to={routes.newsList()} className="section-heading__more">
          Ver todas las noticias
        </Link>
      </div>
      <ul className="home-news__grid">
        {first.map((item) => (
          <li key={item.newID}>
            <NewsCard news={item} variant="tile" />
          </li>
        ))}
      </ul>
    </section>
  );
}
