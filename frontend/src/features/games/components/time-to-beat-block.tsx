import type { GameDetail, TimeToBeat } from '../../../lib/types';
import { PersonalEstimate } from '../../diary';
import { useSession } from '../../auth';

const hours = (value: number) => `${value.toLocaleString('es-ES', { maximumFractionDigits: 1 })} h`;

const sourceLabel = (timeToBeat: TimeToBeat) =>
  timeToBeat.source === 'igdb'
    ? `según IGDB, ${timeToBeat.count} ${timeToBeat.count === 1 ? 'aportación' : 'aportaciones'}`
    : `según ${timeToBeat.count} jugadores de Veredicto que lo completaron (mediana)`;

/** The players' figures per platform: beside IGDB's always, alone only when they differ by platform. */
const platformsDiffer = (timeToBeat: TimeToBeat) =>
  timeToBeat.source === 'igdb'
    ? timeToBeat.platforms.length > 0
    : new Set(timeToBeat.platforms.map((platform) => platform.median)).size > 1;

/**
 * 'Cuánto dura' (docs/CONTRACT.md §19): main story, main + extras and completionist with their source and
 * count, our players' figures per platform when they differ, and 'Para ti' for a signed-in player.
 */
export function TimeToBeatBlock({ game }: { game: Pick<GameDetail, 'igdbID' | 'timeToBeat'> }) {
  const { user } = useSession();
  const timeToBeat = game.timeToBeat;
  const rows = timeToBeat
    ? ([
        ['Historia principal', timeToBeat.main],
        ['Principal + extras', timeToBeat.mainExtra],
        ['Completista', timeToBeat.completionist],
      ] as const)
    : [];
  return (
    <section className="game-detail__section time-to-beat" aria-labelledby="time-to-beat-title">
      <h2 id="time-to-beat-title" className="section-title">
        CUÁNTO DURA
      </h2>
      {timeToBeat ? (
        <>
          <dl className="time-to-beat__figures">
            {rows.map(([label, value]) =>
              value === null ? null : (
                <div key={label} className="time-to-beat__figure">
                  <dt>{label}</dt>
                  <dd>
                    <strong>{hours(value)}</strong> <span className="muted">{sourceLabel(timeToBeat)}</span>
                  </dd>
                </div>
              ),
            )}
          </dl>
          {platformsDiffer(timeToBeat) ? (
            <table className="time-to-beat__platforms">
              <caption>Por plataforma, según los jugadores de Veredicto que lo completaron</caption>
              <thead>
                <tr>
                  <th scope="col">Plataforma</th>
                  <th scope="col">Mediana</th>
                  <th scope="col">La mitad, entre</th>
                  <th scope="col">Jugadores</th>
                </tr>
              </thead>
              <tbody>
                {timeToBeat.platforms.map((platform) => (
                  <tr key={platform.platform}>
                    <th scope="row">{platform.platform.toUpperCase()}</th>
                    <td>{hours(platform.median)}</td>
                    <td>
                      {hours(platform.p25)} y {hours(platform.p75)}
                    </td>
                    <td>{platform.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : (
        <p className="muted">Sin datos todavía</p>
      )}
      {user ? <PersonalEstimate igdbID={game.igdbID} /> : null}
    </section>
  );
}
