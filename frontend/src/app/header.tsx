import { Link, NavLink } from 'react-router-dom';
import { getSiteConfig } from '../lib/site-config';
import { routes } from '../lib/paths';
import { NotificationBell } from '../features/alerts';
import { SearchForm } from '../features/search/components/search-form';
import { LogoMark } from './icons';
import { MobileMenu, MobileSearch } from './mobile-menu';
import { UserMenu } from './user-menu';

export function Header() {
  const { siteName } = getSiteConfig();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <div className="site-header__inner">
        <MobileMenu />
        <Link to={routes.home()} className="logo">
          <LogoMark />
          <span className="logo__text">{siteName}</span>
        </Link>
        <nav className="main-nav" aria-label="Principal">
          <ul>
            <li>
              <NavLink to={routes.catalogue()}>Juegos</NavLink>
            </li>
            <li>
              <NavLink to={routes.newsList()}>Noticias</NavLink>
            </li>
            <li>
              <NavLink to={routes.outlets()}>Medios</NavLink>
            </li>
          </ul>
        </nav>
        <SearchForm className="header-search" />
        <div className="site-header__actions">
          <MobileSearch />
          <NotificationBell />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
