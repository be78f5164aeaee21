import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatEuros, PRICE_STORE_NAMES, type PriceHistoryPointBody } from '@veredicto/contract';
import { formatDate } from '../../../lib/format';

const COLOURS = ['#1b7f4c', '#2563eb', '#b45309', '#9333ea'];

/**
 * uPlot's columns: the times of every change (seconds), then one series per store and platform holding its
 * price in euros from its first change on (a step: a price stays until the next change).
 */
export function historyColumns(points: PriceHistoryPointBody[]) {
  const keys = [...new Set(points.map((point) => `${point.store}|${point.platform}`))];
  const times = [...new Set(points.map((point) => Math.floor(Date.parse(point.at) / 1000)))].sort(
    (a, b) => a - b,
  );
  const series = keys.map((key) => {
    const own = points.filter((point) => `${point.store}|${point.platform}` === key);
    let last: number | null = null;
    return times.map((time) => {
      for (const point of own) if (Math.floor(Date.parse(point.at) / 1000) === time) last = point.final / 100;
      return last;
    });
  });
  return { keys, data: [times, ...series] as uPlot.AlignedData };
}

/** The small history chart; in its own chunk, so uPlot is loaded only when a game has a history. */
/** The axes in the site's colours (global.css --muted and --border): uPlot draws them on a canvas. */
const AXIS_TEXT = '#a0aabb';
const AXIS_GRID = '#2b3446';

export function PriceHistoryChart({ points }: { points: PriceHistoryPointBody[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { keys, data } = historyColumns(points);
    const stepped = uPlot.paths.stepped?.({ align: 1 });
    const plot = new uPlot(
      {
        width: Math.min(element.clientWidth || 320, 640),
        height: 160,
        legend: { show: keys.length > 1 },
        scales: { x: { time: true } },
        series: [
          {},
          ...keys.map((key, index) => ({
            label: PRICE_STORE_NAMES[key.split('|')[0] as keyof typeof PRICE_STORE_NAMES] ?? key,
            stroke: COLOURS[index % COLOURS.length],
            width: 2,
            paths: stepped,
          })),
        ],
        axes: [
          {
            // One label per day: several ticks of one day (a history seen on one day) name it once.
            values: (_plot, splits) =>
              splits.map((split, index) => {
                const day = formatDate(new Date(split * 1000).toISOString());
                const before = index > 0 ? formatDate(new Date(splits[index - 1] * 1000).toISOString()) : '';
                return day === before ? '' : day;
              }),
            stroke: AXIS_TEXT,
            grid: { stroke: AXIS_GRID },
            ticks: { stroke: AXIS_GRID },
          },
          {
            values: (_plot, splits) => splits.map((split) => formatEuros(Math.round(split * 100))),
            size: 70,
            stroke: AXIS_TEXT,
            grid: { stroke: AXIS_GRID },
            ticks: { stroke: AXIS_GRID },
          },
        ],
      },
      data,
      element,
    );
    return () => plot.destroy();
  }, [points]);
  return <div ref={box} className="prices__chart" role="img" aria-label="Historial de precios" />;
}
