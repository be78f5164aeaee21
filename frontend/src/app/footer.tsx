import { Link } from '../components/link';
import { getSiteConfig } from '../lib/site-config';
import { routes } from '../lib/paths';

export function Footer() {
  const { siteName, contactEmail } = getSiteConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">
          {siteName} · Críticas, puntuaciones y noticias de videojuegos en español
        </p>
        <nav aria-label="Pie de página">
          <ul>
            <li>
              <Link to={routes.catalogue()}>Juegos</Link>
            </li>
            <li>
              <Link to={routes.newsList()}>Noticias</Link>
            </li>
            <li>
              <Link to={routes.scoringMethod()}>Cómo calculamos las notas</Link>
            </li>
            <li>
              <Link to={routes.privacy()}>Política de privacidad</Link>
            </li>
          </ul>
        </nav>
        <p>
          Contacto: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
      </div>
    </footer>
  );
}
