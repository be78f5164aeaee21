import { useId, useState } from 'react';
import { LANGUAGE_LOCALE_LABELS, PLATFORMS } from '@veredicto/contract';
import { formatDate } from '../../../lib/format';
import type { LanguageReport } from '../../../lib/types';
import { decideLanguageReport, useLanguageReports } from '../api/language-reports';
import { requestErrorMessage, useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';

const said = (value: boolean | null) => (value === null ? 'no lo sabe' : value ? 'sí' : 'no');

/** What the report says, in words: 'PlayStation 5 · castellano · voces: sí · textos: no lo sabe'. */
export function languageClaimText(report: LanguageReport): string {
  const platform = PLATFORMS.find((one) => one.id === report.platform)?.name ?? report.platform;
  const locale = LANGUAGE_LOCALE_LABELS[report.locale].toLowerCase();
  return `${platform} · ${locale} · voces: ${said(report.audio)} · textos: ${said(report.text)}`;
}

function LanguageReportDecision({ report, onDecided }: { report: LanguageReport; onDecided: () => void }) {
  const [reason, setReason] = useState('');
  const { status, run } = useRequestStatus();
  const id = useId();
  const decide = async (accept: boolean) => {
    const answer = await run(
      'Enviando...',
      () => decideLanguageReport(report.id, accept, reason.trim()),
      accept ? 'Aviso aceptado: ya está en la ficha del juego' : 'Aviso rechazado',
    );
    if (answer !== null) onDecided();
  };
  return (
    <li className="feed report">
      <div className="feed__info">
        <span className="feed__title">
          {report.gameTitle} · aviso de {report.reporter}
        </span>
        <span className="feed__meta">
          {languageClaimText(report)} · {formatDate(report.createdAt)}
          {report.note ? ` · «${report.note}»` : ''}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Motivo de la decisión (se envía a quien informó)</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={() => void decide(false)}>
          Rechazar
        </button>
        <button type="button" className="button button--primary" onClick={() => void decide(true)}>
          Aceptar
        </button>
      </div>
      <RequestStatusText status={status} />
    </li>
  );
}

/** 'Avisos de idiomas': players' reports of a game's Spanish, each accepted or rejected with a reason. */
export function LanguageReportsPanel() {
  const { data: reports, error, isLoading, mutate } = useLanguageReports();
  return (
    <div className="admin-form">
      {isLoading ? <p role="status">Cargando avisos...</p> : null}
      {error ? <p className="form-error">Error al obtener los avisos: {requestErrorMessage(error)}</p> : null}
      {reports && reports.length === 0 ? <p className="muted">No hay avisos de idiomas pendientes.</p> : null}
      {reports && reports.length > 0 ? (
        <ul className="feed-list">
          {reports.map((report) => (
            <LanguageReportDecision key={report.id} report={report} onDecided={() => void mutate()} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
