import type { RequestStatus } from '../use-request-status';

export function RequestStatusText({ status }: { status: RequestStatus }) {
  if (status.kind === 'idle') return null;
  const className =
    status.kind === 'error' ? 'form-error' : status.kind === 'success' ? 'form-success' : 'muted';
  return (
    <p className={className} role={status.kind === 'error' ? 'alert' : 'status'}>
      {status.message}
    </p>
  );
}
