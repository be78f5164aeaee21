import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Link } from '../../../components/link';
import { serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import {
  approveFollowRequest,
  refuseFollowRequest,
  removeFollower,
  useFollowers,
  useFollowRequests,
} from '../api/use-followers';

type Pending = { kind: 'approve' | 'refuse' | 'remove'; username: string };

const CONFIRMATIONS: Record<Pending['kind'], { message: (username: string) => string; label: string }> = {
  approve: {
    message: (username) => `¿Aprobar a ${username}? Podrá ver tu perfil, tu actividad y tu año.`,
    label: 'Aprobar',
  },
  refuse: {
    message: (username) => `¿Rechazar la solicitud de ${username}? No se le avisará.`,
    label: 'Rechazar',
  },
  remove: {
    message: (username) =>
      `¿Quitar a ${username} de tus seguidores? Dejará de ver tu perfil si es solo para seguidores.`,
    label: 'Quitar',
  },
};

const ACTIONS = { approve: approveFollowRequest, refuse: refuseFollowRequest, remove: removeFollower };

/** The owner's requests (approve, refuse) and followers (remove), each after a confirmation. */
export function FollowersPanel() {
  const requests = useFollowRequests();
  const followers = useFollowers();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await ACTIONS[pending.kind](pending.username);
      await Promise.all([requests.mutate(), followers.mutate()]);
      setPending(null);
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido guardar el cambio'));
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

  const ask = (kind: Pending['kind'], username: string) => () => setPending({ kind, username });
  const profileLink = (username: string) => <Link to={routes.publicProfile(username)}>{username}</Link>;

  return (
    <div className="followers-panel">
      <h2>Solicitudes de seguimiento</h2>
      {requests.data?.length === 0 ? <p className="muted">No tienes solicitudes pendientes.</p> : null}
      <ul className="diary-list" data-testid="follow-requests">
        {requests.data?.map((request) => (
          <li key={request.username}>
            {profileLink(request.username)}
            <span className="muted">{formatDate(request.requestedAt)}</span>
            <button type="button" className="button" onClick={ask('approve', request.username)}>
              Aprobar
            </button>
            <button type="button" className="button button--ghost" onClick={ask('refuse', request.username)}>
              Rechazar
            </button>
          </li>
        ))}
      </ul>
      <h2>Te siguen</h2>
      {followers.data?.length === 0 ? <p className="muted">Todavía no te sigue nadie.</p> : null}
      <ul className="diary-list" data-testid="followers">
        {followers.data?.map((follower) => (
          <li key={follower.username}>
            {profileLink(follower.username)}
            <span className="muted">desde el {formatDate(follower.followedAt)}</span>
            <button type="button" className="button button--ghost" onClick={ask('remove', follower.username)}>
              Quitar
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {pending ? (
        <ConfirmDialog
          message={CONFIRMATIONS[pending.kind].message(pending.username)}
          confirmLabel={CONFIRMATIONS[pending.kind].label}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
