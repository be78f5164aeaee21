import { Link } from '../../../components/link';
import { formatDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import type { AdminUnusualWindow } from '../../../lib/types';
import { dismissUnusualWindow } from '../api/dismiss-unusual-window';
import { useUnusualActivity } from '../api/use-unusual-activity';
import { requestErrorMessage, useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';

const percent = (share: number | null) => (share === null ? 'S/P' : `${Math.round(share * 100)} %`);

/** The detector's figures in one Spanish sentence per reason. */
export function evidenceText(window: AdminUnusualWindow): string[] {
  const { evidence } = window;
  const lines = [
    evidence.baselinePerDay === null
      ? `Hasta ${evidence.peakPerDay} puntuaciones al día sin historial previo con el que comparar (lanzamiento).`
      : `Hasta ${evidence.peakPerDay} puntuaciones al día frente a una mediana de ${evidence.baselinePerDay} (desviación robusta ${evidence.volumeZ}).`,
  ];
  if (evidence.reasons.includes('new-accounts'))
    lines.push(
      `Cuentas de menos de 7 días: ${percent(evidence.newShare)} (antes, ${percent(evidence.baselineNewShare)}; en el resto del sitio, ${percent(evidence.siteNewShare)}).`,
    );
  if (evidence.reasons.includes('score-skew'))
    lines.push(
      `Notas: media ${evidence.meanScore} frente a ${evidence.baselineMeanScore ?? 'S/P'} antes; distancia entre distribuciones ${percent(evidence.scoreDistance)}.`,
    );
  if (evidence.reasons.includes('low-wall'))
    lines.push(
      `Notas mínimas (0-2 de 10): ${percent(evidence.wallShare ?? null)} (antes, ${percent(evidence.baselineWallShare ?? null)}); media ${evidence.meanScore} frente a ${evidence.referenceScore ?? 'S/P'} de la crítica (o de sus notas posteriores).`,
    );
  return lines;
}

function WindowEntry({ window, onDismissed }: { window: AdminUnusualWindow; onDismissed: () => void }) {
  const { status, run } = useRequestStatus();
  const dismiss = async () => {
    const answer = await run(
      'Descartando...',
      () => dismissUnusualWindow(window.id),
      'Ventana descartada: sus puntuaciones vuelven a la media',
    );
    if (answer !== null) onDismissed();
  };
  const flagged = window.status === 'flagged';
  return (
    <li className="feed unusual-window">
      <div className="feed__info">
        <span className="feed__title">
          <Link to={routes.game({ igdbID: window.igdbID, slug: window.slug, title: window.gameTitle })}>
            {window.gameTitle}
          </Link>
        </span>
        <span className="feed__meta">
          Del {formatDate(window.from)} al {formatDate(window.to)} · {window.count} puntuaciones,{' '}
          {window.excluded} apartadas ·{' '}
          {flagged ? 'Señalada' : `Descartada el ${formatDate(window.dismissedAt ?? window.detectedAt)}`}
        </span>
        <ul className="unusual-window__evidence">
          {evidenceText(window).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {flagged ? (
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={() => void dismiss()}>
            Descartar
          </button>
        </div>
      ) : null}
      <RequestStatusText status={status} />
    </li>
  );
}

/** 'Actividad inusual': the windows the detector flagged, with its figures; dismissing one counts them again. */
export function UnusualActivityPanel() {
  const { data: windows, error, isLoading, mutate } = useUnusualActivity();
  return (
    <div className="admin-form">
      {isLoading ? <p role="status">Cargando ventanas...</p> : null}
      {error ? (
        <p className="form-error">Error al obtener las ventanas: {requestErrorMessage(error)}</p>
      ) : null}
      {windows && windows.length === 0 ? (
        <p className="muted">No se ha detectado actividad inusual.</p>
      ) : null}
      {windows && windows.length > 0 ? (
        <ul className="feed-list">
          {windows.map((window) => (
            <WindowEntry key={window.id} window={window} onDismissed={() => void mutate()} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
