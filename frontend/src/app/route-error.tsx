import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { routes } from '../lib/paths';
import { NotFoundPage } from './not-found-page';

/** Shown inside the shell when a page throws or its code chunk cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="page page--center">
      <h1>Ha ocurrido un error</h1>
      <p>No hemos podido mostrar esta página.</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Recargar
        </button>{' '}
        <Link to={routes.home()} className="button button--ghost">
          Ir al inicio
        </Link>
      </p>
    </section>
  );
}
