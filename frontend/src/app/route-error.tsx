import { Component, type ReactNode } from 'react';
import { Link } from '../components/link';
import { routes } from '../lib/paths';

/** Shown inside the shell when a page throws or its code chunk cannot be loaded (e.g. after a deploy). */
export function RouteError() {
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

/**
 * Catches what a page throws while rendering (a chunk that fails to load included) and shows RouteError in
 * its place; moving to another address (`resetKey`) tries the page again.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failedAt: string | null }
> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: string } {
    // The address is filled in by componentDidCatch's render pass below.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { failedAt: string | null },
  ): { failedAt: string | null } | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}
