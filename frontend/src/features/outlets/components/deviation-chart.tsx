import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 40, left: 44 };

interface DeviationChartProps {
  /** Games per difference bin, from -50 to +50. */
  histogram: number[];
  binWidth: number;
  /** The outlet's mean difference, drawn as a line; null when not shown. */
  mean: number | null;
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/**
 * The outlet's differences from the other outlets' mean, game by game, as a histogram (loaded in its own
 * chunk: only the outlet page needs the chart library).
 */
export function DeviationChart({ histogram, binWidth, mean }: DeviationChartProps) {
  const start = -(histogram.length * binWidth) / 2;
  const bins = histogram.map((count, index) => ({ from: start + index * binWidth, count }));
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<number>({ domain: bins.map((bin) => bin.from), range: [0, innerWidth], padding: 0.12 });
  const value = scaleLinear<number>({ domain: [start, -start], range: [0, innerWidth] });
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...histogram)],
    range: [innerHeight, 0],
    nice: true,
  });
  const total = histogram.reduce((sum, count) => sum + count, 0);
  return (
    <figure className="deviation-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Diferencias con el consenso en ${total} juegos, en tramos de ${binWidth} puntos`}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {bins.map((bin) => {
            const barHeight = innerHeight - y(bin.count);
            return (
              <Bar
                key={bin.from}
                x={x(bin.from)}
                y={innerHeight - barHeight}
                width={x.bandwidth()}
                height={barHeight}
                className={bin.from < 0 ? 'deviation-chart__bar--harsh' : 'deviation-chart__bar--generous'}
                data-bin={bin.from}
              >
                <title>{`De ${signed(bin.from)} a ${signed(bin.from + binWidth)} puntos: ${bin.count} juegos`}</title>
              </Bar>
            );
          })}
          <Line
            from={{ x: value(0), y: 0 }}
            to={{ x: value(0), y: innerHeight }}
            className="deviation-chart__zero"
          />
          {mean !== null ? (
            <Line
              from={{ x: value(mean), y: 0 }}
              to={{ x: value(mean), y: innerHeight }}
              className="deviation-chart__mean"
            />
          ) : null}
          <AxisLeft scale={y} numTicks={4} tickFormat={(tick) => String(tick)} />
          <AxisBottom
            top={innerHeight}
            scale={value}
            tickValues={[-50, -25, 0, 25, 50].map((tick) => (tick * histogram.length * binWidth) / 100)}
            tickFormat={(tick) => signed(Number(tick))}
            label="Su nota menos la media de los otros medios (puntos)"
          />
        </Group>
      </svg>
      <figcaption>
        Cada barra cuenta los juegos en los que su nota se apartó de la media de los demás medios en ese
        tramo.
        {mean !== null ? ' La línea discontinua marca su desviación media.' : ''}
      </figcaption>
    </figure>
  );
}
