import { REPORT_REASON_LABELS } from '@veredicto/contract';
import { useId, useState } from 'react';
import { formatDate } from '../../../lib/format';
import type { ReportAction, ReviewReport } from '../../../lib/types';
import { decideReport } from '../api/decide-report';
import { useReviewReports } from '../api/use-review-reports';
import { requestErrorMessage, useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';

function ReportDecision({ report, onDecided }: { report: ReviewReport; onDecided: () => void }) {
  const [reason, setReason] = useState('');
  const { status, run } = useRequestStatus();
  const id = useId();
  const decide = async (action: ReportAction) => {
    const answer = await run(
      'Enviando...',
      () => decideReport(report.id, action, reason.trim()),
      action === 'hide' ? 'Crítica ocultada; se ha avisado a su autor' : 'Crítica mantenida',
    );
    if (answer !== null) onDecided();
  };
  return (
    <li className="feed report">
      <div className="feed__info">
        <span className="feed__title">
          {report.gameTitle} · crítica de {report.author}
        </span>
        <span className="feed__meta">
          {REPORT_REASON_LABELS[report.reason]} · {formatDate(report.createdAt)}
          {report.note ? ` · «${report.note}»` : ''}
        </span>
        <blockquote className="report__content">{report.content}</blockquote>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Motivo de la decisión (se envía al autor si se oculta)</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={() => void decide('keep')}>
          Mantener
        </button>
        <button type="button" className="button button--primary" onClick={() => void decide('hide')}>
          Ocultar
        </button>
      </div>
      <RequestStatusText status={status} />
    </li>
  );
}

/** 'Denuncias': the open reports of user reviews, each decided with a written reason. */
export function ReviewReportsPanel() {
  const { data: reports, error, isLoading, mutate } = useReviewReports();
  return (
    <div className="admin-form">
      {isLoading ? <p role="status">Cargando denuncias...</p> : null}
      {error ? (
        <p className="form-error">Error al obtener las denuncias: {requestErrorMessage(error)}</p>
      ) : null}
      {reports && reports.length === 0 ? <p className="muted">No hay denuncias pendientes.</p> : null}
      {reports && reports.length > 0 ? (
        <ul className="feed-list">
          {reports.map((report) => (
            <ReportDecision key={report.id} report={report} onDecided={() => void mutate()} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
