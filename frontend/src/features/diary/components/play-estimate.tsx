import { usePlayEstimate } from '../api/use-play-estimate';
import './diary.css';

/** '~14,5 h': an estimate's hours with one decimal, the Spanish way. */
export const approxHours = (hours: number) =>
  `~${hours.toLocaleString('es-ES', { maximumFractionDigits: 1 })} h`;

/** 'Te quedan ~N h' of a game being played (nothing when there is no estimate). */
export function HoursLeft({ igdbID }: { igdbID: number }) {
  const { data } = usePlayEstimate(igdbID);
  if (data?.remaining === undefined) return null;
  return <span className="hours-left">Te quedan {approxHours(data.remaining)}</span>;
}

/** 'Para ti: ~N h' on a game's page, at the player's pace or, below 3 games, the plain median said as such. */
export function PersonalEstimate({ igdbID }: { igdbID: number }) {
  const { data } = usePlayEstimate(igdbID);
  if (!data || data.hours === null) return null;
  return (
    <p className="personal-estimate" data-testid="personal-estimate">
      <strong>Para ti: {approxHours(data.hours)}</strong>{' '}
      <span className="muted">
        {data.pace === null
          ? `(la cifra general: necesitamos 3 juegos completados con horas para conocer tu ritmo; llevas ${data.basedOn})`
          : `(a tu ritmo: ${data.pace.toLocaleString('es-ES')} × la cifra general, según ${data.basedOn} juegos)`}
      </span>
      {data.remaining !== undefined ? (
        <>
          {' · '}
          <span className="hours-left">Te quedan {approxHours(data.remaining)}</span>
        </>
      ) : null}
    </p>
  );
}
