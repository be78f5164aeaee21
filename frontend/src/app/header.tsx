import { lazy, Suspense } from 'react';
import { Link, NavLink } from '../components/link';
import { getSiteConfig } from '../lib/site-config';
import { routes } from '../lib/paths';
import { useSession } from '../features/auth';
import { SearchForm } from '../features/search/components/search-form';
import { LogoMark } from './icons';
import { MobileMenu, MobileSearch } from './mobile-menu';
import { UserMenu } from './user-menu';

// The bell is for readers with an account: its code (and its polling) is fetched once someone is logged in.
const NotificationBell = lazy(async () => ({
  default: (await import('../features/alerts')).NotificationBell,
}));

export function Header() {
  const { siteName } = getSiteConfig();
  const { user } = useSession();
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
          {user ? (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          ) : null}
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
