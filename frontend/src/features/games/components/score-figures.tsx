import { lazy, Suspense } from 'react';
import { Link } from '../../../components/link';
import { formatDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import type { CriticStats, PlayerStats, UnusualRatingWindow } from '../../../lib/types';
import { usePlayerTimeline } from '../api/use-player-timeline';
import { FigureHint } from './figure-hint';

const PlayerTimelineChart = lazy(async () => ({
  default: (await import('./player-timeline-chart')).PlayerTimelineChart,
}));

const BANDS = ['0-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70-79', '80-89', '90-100'];

export const countText = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Ten bars, one per band of 10 points; the table underneath is what screen readers get. */
export function ScoreHistogram({ histogram, label }: { histogram: number[]; label: string }) {
  const highest = Math.max(1, ...histogram);
  return (
    <figure className="histogram" data-testid={`histogram-${label}`}>
      <div className="histogram__bars" aria-hidden="true">
        {histogram.map((count, band) => (
          <div key={BANDS[band]} className="histogram__column" title={`${BANDS[band]}: ${count}`}>
            <span
              className={`histogram__bar histogram__bar--${band}`}
              style={{ height: `${(count / highest) * 100}%` }}
            />
          </div>
        ))}
      </div>
      <div className="histogram__axis" aria-hidden="true">
        <span>0</span>
        <span>50</span>
        <span>100</span>
      </div>
      <table className="visually-hidden">
        <caption>{label}: número de notas por tramo</caption>
        <tbody>
          {histogram.map((count, band) => (
            <tr key={BANDS[band]}>
              <th scope="row">{BANDS[band]}</th>
              <td>{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Distribution, median, % recommended and tier, each with its one-line explanation. */
export function CriticFigures({ critic }: { critic: CriticStats }) {
  return (
    <section className="score-figures" aria-labelledby="critic-figures-title">
      <h3 id="critic-figures-title" className="score-figures__title">
        Las notas de la crítica
      </h3>
      {critic.count > 0 ? (
        <ScoreHistogram histogram={critic.histogram} label="Crítica" />
      ) : (
        <p className="muted">Aún no hay críticas con nota.</p>
      )}
      <dl className="score-figures__list">
        <FigureHint
          term="Mediana"
          hint="La nota central: la mitad de las críticas da más y la otra mitad, menos."
        >
          <span data-testid="critic-median">{critic.median ?? 'S/P'}</span>
        </FigureHint>
        <FigureHint
          term="Recomendado"
          hint="Porcentaje de críticas con nota igual o superior a la nota habitual (mediana) de su medio."
        >
          <span data-testid="critic-recommended">
            {critic.percentRecommended === null ? 'S/P' : `${critic.percentRecommended} %`}
          </span>
        </FigureHint>
        <FigureHint
          term="Nivel"
          hint="Posición de su media entre los juegos del catálogo: Excepcional (10 % mejor), Notable, Correcto o Flojo."
        >
          <span data-testid="critic-tier">{critic.tier ?? 'S/P'}</span>
        </FigureHint>
      </dl>
      <p className="score-figures__method">
        <Link to={routes.scoringMethod()}>Cómo calculamos las notas</Link>
      </p>
    </section>
  );
}

/** The one Spanish line that says which ratings the average leaves out, and why. */
export function unusualNote(windows: UnusualRatingWindow[]): string | null {
  const excluded = windows.filter((window) => window.excluded > 0);
  const total = excluded.reduce((sum, window) => sum + window.excluded, 0);
  if (total === 0) return null;
  const spans = excluded.map((window) =>
    window.from === window.to
      ? `el ${formatDate(window.from)}`
      : `del ${formatDate(window.from)} al ${formatDate(window.to)}`,
  );
  const when =
    spans.length === 1 ? spans[0] : `${spans.slice(0, -1).join(', ')} y ${spans[spans.length - 1]}`;
  return `La media de los jugadores deja fuera ${countText(total, 'puntuación', 'puntuaciones')} de una actividad inusual (${when}): cuentas de menos de 7 días o que solo han puntuado este juego.`;
}

interface PlayerFiguresProps {
  player: PlayerStats;
  igdbID: number;
  /** Whether the shown average includes the ratings of flagged windows (the reader's toggle). */
  includeUnusual: boolean;
  onIncludeUnusualChange: (include: boolean) => void;
}

/** The players' distribution and count, the weekly chart, and the note on unusual activity. */
export function PlayerFigures({
  player,
  igdbID,
  includeUnusual,
  onIncludeUnusualChange,
}: PlayerFiguresProps) {
  const unusual = player.unusual ?? [];
  const note = unusualNote(unusual);
  // Flagged windows mean ratings even while the stored count lags behind them (the detector commits its
  // windows before the recalculation stores the figures): the chart is asked for in both cases.
  const { data: timeline } = usePlayerTimeline(player.count > 0 || unusual.length > 0 ? igdbID : undefined);
  return (
    <section className="score-figures" aria-labelledby="player-figures-title">
      <h3 id="player-figures-title" className="score-figures__title">
        Las notas de los jugadores
      </h3>
      {player.count > 0 ? (
        <ScoreHistogram histogram={player.histogram} label="Jugadores" />
      ) : (
        <p className="muted">Aún nadie lo ha puntuado.</p>
      )}
      <p className="figure__count" data-testid="player-count">
        {countText(player.count, 'puntuación', 'puntuaciones')}
      </p>
      {note ? (
        <div className="unusual-note" role="note">
          <p>{note}</p>
          <label className="unusual-note__toggle">
            <input
              type="checkbox"
              checked={includeUnusual}
              onChange={(event) => onIncludeUnusualChange(event.target.checked)}
            />
            Incluirlas en la media
          </label>
        </div>
      ) : null}
      {timeline && timeline.length > 0 ? (
        <Suspense fallback={null}>
          <PlayerTimelineChart timeline={timeline} unusual={unusual} />
        </Suspense>
      ) : null}
    </section>
  );
}
