import { Link } from './link';
import { routes } from '../lib/paths';
import { usePageMeta } from '../lib/use-page-meta';

export function NotFoundPage() {
  usePageMeta({ title: 'Página no encontrada' });
  return (
    <section className="page page--center">
      <h1>Página no encontrada</h1>
      <p>La página que buscas no existe o ha cambiado de dirección.</p>
      <Link to={routes.home()} className="button">
        Volver al inicio
      </Link>
    </section>
  );
}
