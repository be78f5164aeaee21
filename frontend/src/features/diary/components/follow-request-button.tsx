import { useState } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { followUser, unfollowUser, useFollowState } from '../api/follow-user';

/**
 * On a profile the reader may not see: ask its owner to be let in, or withdraw the request. Shown only
 * when the API says the profile takes requests (one for followers); a private one answers 404.
 */
export function FollowRequestButton({ username }: { username: string }) {
  const { data: state, mutate } = useFollowState(username);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!state) return null;

  const act = async (action: (username: string) => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action(username);
      await mutate();
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido enviar la solicitud'));
    } finally {
      setBusy(false);
    }
  };

  const view = state.requested
    ? {
        message: (
          <p data-testid="follow-request-sent">
            <strong>Solicitud enviada.</strong> Verás su perfil cuando la apruebe.
          </p>
        ),
        label: 'Retirar solicitud',
        className: 'button button--ghost',
        action: unfollowUser,
      }
    : {
        message: <p className="muted">Solo quienes le siguen pueden ver este perfil.</p>,
        label: 'Solicitar seguimiento',
        className: 'button button--primary',
        action: followUser,
      };

  return (
    <div className="follow-request">
      {view.message}
      <button type="button" className={view.className} disabled={busy} onClick={() => void act(view.action)}>
        {view.label}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
