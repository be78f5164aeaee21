import { useState, type ReactNode } from 'react';
import { TextAreaField } from '../../../components/text-field';
import { formatDate } from '../../../lib/format';
import { requestErrorMessage, useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';

/** One of a report's two outcomes: its button, what it sends with the written reason, what it then says. */
export interface ReportOutcome {
  label: string;
  decide: (reason: string) => Promise<unknown>;
  done: string;
}

interface ReportDecisionProps {
  title: string;
  /** What the report claims, before its date and note. */
  said: string;
  report: { createdAt: string; note: string | null };
  /** What the report is about, under the line (a review's text). */
  children?: ReactNode;
  reasonLabel: string;
  dismiss: ReportOutcome;
  act: ReportOutcome;
  onDecided: () => void;
}

/**
 * A player's report in a moderation queue: what it says, a reason for the decision (sent to whoever it
 * concerns), and the two outcomes, the one that acts on the report on the right.
 */
function ReportDecision({
  title,
  said,
  report,
  children,
  reasonLabel,
  dismiss,
  act,
  onDecided,
}: ReportDecisionProps) {
  const [reason, setReason] = useState('');
  const { status, run } = useRequestStatus();
  const decide = async (outcome: ReportOutcome) => {
    const answer = await run('Enviando...', () => outcome.decide(reason.trim()), outcome.done);
    if (answer !== null) onDecided();
  };
  return (
    <li className="feed report">
      <div className="feed__info">
        <span className="feed__title">{title}</span>
        <span className="feed__meta">
          {said} · {formatDate(report.createdAt)}
          {report.note ? ` · «${report.note}»` : ''}
        </span>
        {children}
      </div>
      <TextAreaField label={reasonLabel} rows={2} maxLength={2000} value={reason} onValueChange={setReason} />
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={() => void decide(dismiss)}>
          {dismiss.label}
        </button>
        <button type="button" className="button button--primary" onClick={() => void decide(act)}>
          {act.label}
        </button>
      </div>
      <RequestStatusText status={status} />
    </li>
  );
}

/**
 * A moderation queue (language reports, review reports): loading, its error, its empty state, or its
 * reports, each decided in place.
 */
export function ReportQueue<Report extends { id: number }>({
  reports: { data: reports, error, isLoading, mutate },
  loading,
  failure,
  empty,
  decision,
}: {
  reports: { data?: Report[]; error?: unknown; isLoading: boolean; mutate: () => unknown };
  loading: string;
  failure: string;
  empty: string;
  /** How one report reads and what its outcomes do. */
  decision: (report: Report) => Omit<ReportDecisionProps, 'onDecided'>;
}) {
  return (
    <div className="admin-form">
      {isLoading ? <p role="status">{loading}</p> : null}
      {error ? (
        <p className="form-error">
          {failure}: {requestErrorMessage(error)}
        </p>
      ) : null}
      {reports && reports.length === 0 ? <p className="muted">{empty}</p> : null}
      {reports && reports.length > 0 ? (
        <ul className="feed-list">
          {reports.map((report) => (
            <ReportDecision key={report.id} {...decision(report)} onDecided={() => void mutate()} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
