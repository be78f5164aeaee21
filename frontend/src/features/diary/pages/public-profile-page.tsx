import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { useStatusToast } from '../../../components/status-toast';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { pageTexts, PLAY_STATUSES, PLAY_STATUS_LABELS } from '@veredicto/contract';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../auth';
import { followUser, unfollowUser } from '../api/follow-user';
import { setPrivacy } from '../api/set-privacy';
import { useProfile } from '../api/use-profile';
import { FollowersPanel } from '../components/followers-panel';
import { FollowRequestButton } from '../components/follow-request-button';
import { formatHours } from '../format-hours';
import type { Profile, ProfileVisibility } from '../../../lib/types';
import '../components/diary.css';

const VISIBILITY_LABELS: Record<ProfileVisibility, string> = {
  public: 'Público',
  followers: 'Solo quienes me siguen',
  private: 'Privado',
};

export function PublicProfilePage() {
  const { username = '' } = useParams();
  const text = pageTexts.publicProfile(username);
  usePageMeta({
    title: text.title,
    description: text.description,
    canonicalPath: routes.publicProfile(username),
  });
  const { data: profile, error, mutate } = useProfile(username);
  const { token } = useSession();

  if (error) {
    const hidden = isApiError(error, 404);
    return (
      <section className="page page--center">
        <h1>Perfil no encontrado</h1>
        <p className="muted">
          {hidden ? 'Este perfil no existe o no es visible para ti.' : 'No se ha podido cargar el perfil.'}
        </p>
        {hidden && token ? <FollowRequestButton username={username} /> : null}
        <Link to={routes.home()} className="button">
          Volver al inicio
        </Link>
      </section>
    );
  }
  if (!profile) return <p className="page muted">Cargando…</p>;
  return <ProfileView profile={profile} onChanged={() => void mutate()} />;
}

function ProfileView({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { token } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { show: confirm, toast } = useStatusToast();
  const id = useId();
  const highest = Math.max(1, ...profile.scoreHistogram);
  const thisYear = new Date().getFullYear();

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onChanged();
      confirm(done);
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido guardar el cambio'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page profile-page">
      <h1>{profile.username}</h1>
      <p className="muted">Miembro desde el {formatDate(profile.joinedAt)}</p>
      <p>
        <Link to={routes.yearInReview(profile.username, thisYear)} data-testid="profile-year">
          {profile.own ? `Tu año ${thisYear}` : `Su año ${thisYear}`}
        </Link>
      </p>
      {token && !profile.own ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            void act(
              () => (profile.following ? unfollowUser : followUser)(profile.username),
              profile.following
                ? `Ya no sigues a ${profile.username}.`
                : `Ahora sigues a ${profile.username}.`,
            )
          }
        >
          {profile.following ? 'Dejar de seguir' : 'Seguir'}
        </button>
      ) : null}
      {profile.own ? (
        <p>
          <label htmlFor={`${id}-privacy`}>Quién ve mi perfil </label>
          <select
            id={`${id}-privacy`}
            value={profile.visibility}
            disabled={busy}
            onChange={(event) => {
              const visibility = event.target.value as ProfileVisibility;
              void act(
                () => setPrivacy(visibility),
                `Guardado: tu perfil es ahora «${VISIBILITY_LABELS[visibility]}».`,
              );
            }}
          >
            {(Object.keys(VISIBILITY_LABELS) as ProfileVisibility[]).map((value) => (
              <option key={value} value={value}>
                {VISIBILITY_LABELS[value]}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {profile.own ? <FollowersPanel /> : null}
      {toast}
      <ul className="profile-counts" data-testid="profile-counts">
        {PLAY_STATUSES.map((status) => (
          <li key={status}>
            {PLAY_STATUS_LABELS[status]}: <strong>{profile.counts[status]}</strong>
          </li>
        ))}
        <li>
          Puntuaciones: <strong>{profile.counts.ratings}</strong>
        </li>
        <li>
          Críticas: <strong>{profile.counts.reviews}</strong>
        </li>
        <li>
          Horas: <strong data-testid="profile-hours">{formatHours(profile.hours)}</strong>
        </li>
      </ul>
      <h2>Sus puntuaciones</h2>
      <ul className="profile-histogram" aria-label="Puntuaciones por decena">
        {profile.scoreHistogram.map((count, index) => (
          <li
            key={index}
            style={{ height: `${(count / highest) * 100}%` }}
            title={`${index * 10}-${index === 9 ? 100 : index * 10 + 9}: ${count}`}
          />
        ))}
      </ul>
      <h2>Lo último</h2>
      {profile.recent.length === 0 ? <p className="muted">Todavía no ha puntuado ningún juego.</p> : null}
      <ul className="diary-list">
        {profile.recent.map((item) => (
          <li key={`${item.kind}-${item.igdbID}`}>
            <Link to={routes.game({ slug: item.slug, title: item.title, igdbID: item.igdbID })}>
              {item.title}
            </Link>
            {item.score !== null ? <strong>{item.score}</strong> : null}
            <span className="muted">{formatDate(item.createdAt)}</span>
          </li>
        ))}
      </ul>
      {profile.lists.length ? (
        <>
          <h2>Sus listas</h2>
          <ul className="profile-lists" data-testid="profile-lists">
            {profile.lists.map((list) => (
              <li key={list.name}>
                <h3>
                  {list.name} <span className="muted">({list.count})</span>
                </h3>
                <ul className="diary-list">
                  {list.games.map((game) => (
                    <li key={game.igdbID}>
                      <Link to={routes.game({ slug: game.slug, title: game.title, igdbID: game.igdbID })}>
                        {game.title}
                      </Link>
                    </li>
                  ))}
                  {list.count > list.games.length ? (
                    <li className="muted">y {list.count - list.games.length} más</li>
                  ) : null}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
