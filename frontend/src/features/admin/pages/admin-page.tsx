import { useState } from 'react';
import { usePageMeta } from '../../../lib/use-page-meta';
import { adminLogout, useAdminToken } from '../api/admin-token';
import { openQueueDashboard } from '../api/open-queue-dashboard';
import { AddNewsPanel } from '../components/add-news-panel';
import { AddScraperPanel } from '../components/add-scraper-panel';
import { Collapsible } from '../components/collapsible';
import { DeleteNewsPanel } from '../components/delete-news-panel';
import { EditGamePanel } from '../components/edit-game-panel';
import { FeaturedGamePanel } from '../components/featured-game-panel';
import { FeedsPanel } from '../components/feeds-panel';
import { PasswordDialog } from '../components/password-dialog';
import { ReliabilityPanel } from '../components/reliability-panel';
import { LanguageReportsPanel } from '../components/language-reports-panel';
import { ReviewDiscoveryPanel } from '../components/review-discovery-panel';
import { PricesPanel } from '../components/prices-panel';
import { ReviewReportsPanel } from '../components/review-reports-panel';
import { UnusualActivityPanel } from '../components/unusual-activity-panel';
import { RunScraperPanel } from '../components/run-scraper-panel';
import { SearchMissesPanel } from '../components/search-misses-panel';
import './admin.css';

/** /admin: every call carries the short-lived admin token kept in sessionStorage 'adminToken'. */
export function AdminPage() {
  const adminToken = useAdminToken();
  const [dashboardError, setDashboardError] = useState(false);
  usePageMeta({ title: 'Administración' });

  return (
    <div className="page admin">
      <div className="admin__head">
        <h1 className="page-title">ADMINISTRACIÓN</h1>
        {adminToken ? (
          <div className="admin__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                void openQueueDashboard().then(
                  () => setDashboardError(false),
                  () => setDashboardError(true),
                )
              }
            >
              Panel de colas
            </button>
            <button type="button" className="button button--ghost" onClick={() => void adminLogout()}>
              Salir de administración
            </button>
          </div>
        ) : null}
      </div>
      {dashboardError ? (
        <p className="form-error" role="alert">
          Error al abrir el panel de colas
        </p>
      ) : null}
      {adminToken ? (
        <>
          <Collapsible title="Añadir">
            <Collapsible title="Añadir Noticia" level={3}>
              <AddNewsPanel />
            </Collapsible>
            <Collapsible title="Añadir Scraper" level={3}>
              <AddScraperPanel />
            </Collapsible>
            <Collapsible title="Scrapear juegos" level={3}>
              <RunScraperPanel />
            </Collapsible>
            <Collapsible title="Añadir Destacado" level={3}>
              <FeaturedGamePanel />
            </Collapsible>
            <Collapsible title="Fuentes RSS" level={3}>
              <FeedsPanel />
            </Collapsible>
            <Collapsible title="Críticas de juegos recientes" level={3}>
              <ReviewDiscoveryPanel />
            </Collapsible>
            <Collapsible title="Precios de las tiendas" level={3}>
              <PricesPanel />
            </Collapsible>
          </Collapsible>
          <Collapsible title="Editar juego">
            <EditGamePanel />
          </Collapsible>
          <Collapsible title="Denuncias">
            <ReviewReportsPanel />
          </Collapsible>
          <Collapsible title="Actividad inusual">
            <UnusualActivityPanel />
          </Collapsible>
          <Collapsible title="Avisos de idiomas">
            <LanguageReportsPanel />
          </Collapsible>
          <Collapsible title="Búsquedas sin resultados">
            <SearchMissesPanel />
          </Collapsible>
          <Collapsible title="Borrar">
            <Collapsible title="Borrar noticia" level={3}>
              <DeleteNewsPanel />
            </Collapsible>
          </Collapsible>
          <Collapsible title="Estado de los trabajos">
            <ReliabilityPanel />
          </Collapsible>
        </>
      ) : (
        <PasswordDialog />
      )}
    </div>
  );
}
