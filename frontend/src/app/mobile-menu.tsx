import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { NavLink } from '../components/link';
import { routes } from '../lib/paths';
import { SearchForm } from '../features/search/components/search-form';
import { MenuIcon, SearchIcon } from './icons';

/** The overlay's dialog is fetched the first time it opens: the first paint does not need it. */
const Modal = lazy(async () => ({ default: (await import('../components/modal')).Modal }));

/** Under 900 px: the hamburger (Inicio, Juegos, Noticias, Medios). */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="mobile-menu">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon open={open} />
      </button>
      <nav id={panelId} className="mobile-menu__panel" aria-label="Menú móvil" hidden={!open}>
        <ul>
          <li>
            <NavLink to={routes.home()} end onClick={close}>
              Inicio
            </NavLink>
          </li>
          <li>
            <NavLink to={routes.catalogue()} onClick={close}>
              Juegos
            </NavLink>
          </li>
          <li>
            <NavLink to={routes.newsList()} onClick={close}>
              Noticias
            </NavLink>
          </li>
          <li>
            <NavLink to={routes.outlets()} onClick={close}>
              Medios
            </NavLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** Under 900 px: the search button that opens the search overlay. */
export function MobileSearch() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button mobile-search__toggle"
        aria-label="Abrir búsqueda"
        onClick={() => setOpen(true)}
      >
        <SearchIcon />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Modal title="Buscar juegos" onClose={() => setOpen(false)} className="modal--search" hideTitle>
            <SearchForm onSearched={() => setOpen(false)} />
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              Cerrar
            </button>
          </Modal>
        </Suspense>
      ) : null}
    </>
  );
}
