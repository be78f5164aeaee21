import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import type { PlayerTimelineWeek, UnusualRatingWindow } from '../../../lib/types';
import { formatDate } from '../../../lib/format';

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 40, bottom: 36, left: 40 };
const DAY_MS = 86_400_000;

/** The Monday (UTC) of a yyyy-MM-dd day, as the API names weeks. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/** Every week from the first to the last of the timeline, weeks with no rating as zero. */
export function continuousWeeks(timeline: PlayerTimelineWeek[]): PlayerTimelineWeek[] {
  if (timeline.length === 0) return [];
  const byWeek = new Map(timeline.map((week) => [week.week, week]));
  const weeks: PlayerTimelineWeek[] = [];
  const last = Date.parse(`${timeline[timeline.length - 1].week}T00:00:00Z`);
  for (let at = Date.parse(`${timeline[0].week}T00:00:00Z`); at <= last; at += 7 * DAY_MS) {
    const week = new Date(at).toISOString().slice(0, 10);
    weeks.push(byWeek.get(week) ?? { week, count: 0, average: null, excluded: 0 });
  }
  return weeks;
}

interface PlayerTimelineChartProps {
  timeline: PlayerTimelineWeek[];
  unusual: UnusualRatingWindow[];
}

/**
 * Player ratings per week (bars; the part left out of the average in another shade) and their weekly
 * average (line, right axis), with the flagged windows of unusual activity shaded. Loaded in its own chunk:
 * only the game page needs the chart library.
 */
export function PlayerTimelineChart({ timeline, unusual }: PlayerTimelineChartProps) {
  const weeks = continuousWeeks(timeline);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({
    domain: weeks.map((week) => week.week),
    range: [0, innerWidth],
    padding: 0.15,
  });
  const count = scaleLinear<number>({
    domain: [0, Math.max(1, ...weeks.map((week) => week.count))],
    range: [innerHeight, 0],
    nice: true,
  });
  const score = scaleLinear<number>({ domain: [0, 100], range: [innerHeight, 0] });
  const step = x.step();
  const tickEvery = Math.max(1, Math.ceil(weeks.length / 6));
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  return (
    <figure className="player-timeline" data-testid="player-timeline">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Puntuaciones de jugadores por semana: ${total} en ${weeks.length} semanas${
          unusual.length
            ? `, con ${unusual.length === 1 ? 'una ventana' : `${unusual.length} ventanas`} de actividad inusual sombreada`
            : ''
        }`}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {unusual.map((window) => {
            const start = x(weekOf(window.from)) ?? 0;
            const end = (x(weekOf(window.to)) ?? start) + x.bandwidth();
            return (
              <rect
                key={window.from}
                className="player-timeline__unusual"
                data-testid="unusual-window"
                x={start - (step - x.bandwidth()) / 2}
                y={0}
                width={end - start + (step - x.bandwidth())}
                height={innerHeight}
              >
                <title>{`Actividad inusual del ${formatDate(window.from)} al ${formatDate(window.to)}`}</title>
              </rect>
            );
          })}
          {weeks.map((week) => {
            const top = count(week.count);
            const middle = count(week.count - week.excluded);
            // The counted ratings at the bottom, those left out of the average stacked above them.
            const parts = [
              { y: middle, height: innerHeight - middle, className: 'player-timeline__bar' },
              { y: top, height: middle - top, className: 'player-timeline__bar--excluded' },
            ].filter((part) => part.height > 0);
            return (
              <g key={week.week}>
                {parts.map((part) => (
                  <Bar key={part.className} x={x(week.week)} width={x.bandwidth()} {...part} />
                ))}
                <title>{`Semana del ${formatDate(week.week)}: ${week.count} puntuaciones${
                  week.average === null ? '' : `, media ${week.average}`
                }${week.excluded ? `, ${week.excluded} apartadas` : ''}`}</title>
              </g>
            );
          })}
          <LinePath
            data={weeks.filter((week) => week.average !== null)}
            x={(week) => (x(week.week) ?? 0) + x.bandwidth() / 2}
            y={(week) => score(week.average ?? 0)}
            className="player-timeline__average"
          />
          <AxisLeft scale={count} numTicks={4} tickFormat={(tick) => String(tick)} />
          <AxisRight left={innerWidth} scale={score} tickValues={[0, 50, 100]} />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={weeks.filter((_, index) => index % tickEvery === 0).map((week) => week.week)}
            tickFormat={(week) => formatDate(String(week)).slice(0, 5)}
          />
        </Group>
      </svg>
      <figcaption>
        Barras: puntuaciones por semana{unusual.length ? ' (en claro, las apartadas de la media)' : ''}.
        Línea: su media semanal (escala de la derecha).
        {unusual.length ? ' La zona sombreada es la actividad inusual.' : ''}
      </figcaption>
    </figure>
  );
}
