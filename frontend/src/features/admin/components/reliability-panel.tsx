import { formatDate } from '../../../lib/format';
import type { ReliabilityReport } from '../../../lib/types';
import { useReliability } from '../api/use-reliability';
import { requestErrorMessage } from '../use-request-status';

/** The sentences the panel shows: what the last reconciliation fixed and what waits to reach the queue. */
export function reliabilityLines({ reconciliation, outbox }: ReliabilityReport): string[] {
  const lines = [
    reconciliation
      ? `Última revisión de las notas: ${formatDate(reconciliation.at)} a las ${new Date(reconciliation.at).toLocaleTimeString('es-ES', { hour: '2-digit', minute: '2-digit' })}; ${reconciliation.checked} juegos revisados, ${reconciliation.fixed} corregidos.`
      : 'Las notas aún no se han revisado.',
  ];
  lines.push(
    outbox.pending === 0
      ? 'No hay recálculos pendientes de enviar a la cola.'
      : `Recálculos pendientes de enviar a la cola: ${outbox.pending} (el más antiguo hace ${Math.round(outbox.oldestPendingSeconds ?? 0)} s).`,
  );
  return lines;
}

/** The health of the jobs: the last reconciliation of the stored figures and the outbox backlog. */
export function ReliabilityPanel() {
  const { data, error, isLoading } = useReliability();
  return (
    <div className="admin-form">
      {isLoading ? <p role="status">Cargando...</p> : null}
      {error ? <p className="form-error">Error al obtener el estado: {requestErrorMessage(error)}</p> : null}
      {data ? reliabilityLines(data).map((line) => <p key={line}>{line}</p>) : null}
    </div>
  );
}
