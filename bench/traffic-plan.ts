/** The pure parts of the traffic bench (bench/traffic.ts): its options, its scenarios and what it reads of /metrics. */
import { GENRE_SLUGS, PLATFORM_IDS } from '@veredicto/contract';
import type { Client } from './load.js';
import { random } from './search-queries.js';

export interface TrafficOptions {
  /** The instance measured (ignored with `start`, which starts its own). */
  url: string;
  /** The API's /metrics (prom-client); null: no GC figures. */
  metricsUrl: string | null;
  metricsToken?: string;
  /** Starts `npm start` itself: on the embedded PostgreSQL, or on the server of DATABASE_URL. */
  start: 'embedded' | 'database' | null;
  /** The PostgreSQL the measured instance uses (for its CPU); with `start` the bench knows it. */
  databaseUrl: string | null;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  runs: number;
  /** Only the scenarios whose name holds one of these words (a quick check); all when empty. */
  only: string[];
  /** Writes the figures to docs/PERFORMANCE.md (off for quick checks against a running instance). */
  write: boolean;
  /** The clients measured, each scenario once per client: a browser's Accept-Encoding by default. */
  clients: Client[];
}

const USAGE = `node dist/bench/traffic.js [--url http://localhost:3000] [--metrics-url http://127.0.0.1:9464/metrics]
  [--start embedded|database] [--database-url postgres://...] [--seconds 10] [--warmup 2] [--connections 32]
  [--runs 3] [--only default,search] [--client browser,plain] [--no-write]`;

export function parseTrafficArguments(argv: string[], env: NodeJS.ProcessEnv = {}): TrafficOptions {
  const options: TrafficOptions = {
    url: 'http://localhost:3000',
    metricsUrl: 'http://127.0.0.1:9464/metrics',
    metricsToken: env.METRICS_TOKEN || undefined,
    start: null,
    databaseUrl: env.DATABASE_URL || null,
    seconds: 10,
    warmupSeconds: 2,
    connections: 32,
    runs: 3,
    only: [],
    write: true,
    clients: ['browser'],
  };
  const positive = (name: string, value: string | undefined, minimum = 1) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < minimum) {
      throw new Error(`--${name} must be an integer of at least ${minimum}\n${USAGE}`);
    }
    return number;
  };
  for (let index = 0; index < argv.length; index++) {
    const name = argv[index];
    const value = argv[index + 1];
    const takeValue = () => {
      if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value\n${USAGE}`);
      index++;
      return value;
    };
    switch (name) {
      case '--url':
        options.url = new URL(takeValue()).toString().replace(/\/$/, '');
        break;
      case '--metrics-url': {
        const metrics = takeValue();
        options.metricsUrl = metrics === 'none' ? null : new URL(metrics).toString();
        break;
      }
      case '--start': {
        const mode = takeValue();
        if (mode !== 'embedded' && mode !== 'database') {
          throw new Error(`--start must be embedded or database\n${USAGE}`);
        }
        options.start = mode;
        break;
      }
      case '--database-url':
        options.databaseUrl = new URL(takeValue()).toString();
        break;
      case '--seconds':
        options.seconds = positive('seconds', takeValue());
        break;
      case '--warmup':
        options.warmupSeconds = positive('warmup', takeValue(), 0);
        break;
      case '--connections':
        options.connections = positive('connections', takeValue());
        break;
      case '--runs':
        options.runs = positive('runs', takeValue());
        break;
      case '--only':
        options.only = takeValue()
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean);
        break;
      case '--client': {
        const clients = takeValue().split(',');
        if (!clients.every((client) => client === 'browser' || client === 'plain'))
          throw new Error(`--client takes browser, plain or both (browser,plain)\n${USAGE}`);
        options.clients = [...new Set(clients as Client[])];
        break;
      }
      case '--no-write':
        options.write = false;
        break;
      default:
        throw new Error(`unknown argument ${name}\n${USAGE}`);
    }
  }
  if (options.start === 'database' && !options.databaseUrl) {
    throw new Error(
      `--start database needs DATABASE_URL (or --database-url): the PostgreSQL server to use\n${USAGE}`,
    );
  }
  return options;
}

/** The deepest page drawn, as the issue's reporter did: [0, 2000) pages of 50, or fewer where the list ends. */
export const DEEPEST_PAGE = 2000;
export const PAGE_SIZE = 50;
export const SORTS = ['releaseDate', 'avRatings', 'avUserRatings'] as const;

/** One kind of request: a catalogue list (its filter's values) or a search. */
export interface Scenario {
  name: string;
  /** The catalogue query strings (filter and order) a request draws from, each with its number of pages. */
  lists?: string[];
  search?: true;
}

/**
 * The catalogue as a visitor browses it: each order alone, then each filter of /api/games/all (the values of
 * GamePageQueryDto) with a random value and a random order, then the search.
 */
export function trafficScenarios(years: number[]): Scenario[] {
  const withSorts = (filters: string[]) =>
    filters.flatMap((filter) =>
      SORTS.map((sort) => `${filter}${sort === 'releaseDate' ? '' : `&sortBy=${sort}`}`),
    );
  return [
    { name: 'default order (release date)', lists: [''] },
    { name: 'sortBy=avRatings (critics)', lists: ['&sortBy=avRatings'] },
    { name: 'sortBy=avUserRatings (players)', lists: ['&sortBy=avUserRatings'] },
    { name: 'platform (each, any order)', lists: withSorts(PLATFORM_IDS.map((id) => `&platform=${id}`)) },
    { name: 'spanish=audio (any order)', lists: withSorts(['&spanish=audio']) },
    { name: 'spanish=text (any order)', lists: withSorts(['&spanish=text']) },
    {
      name: 'genre (each, any order)',
      lists: withSorts(Object.keys(GENRE_SLUGS).map((slug) => `&genre=${slug}`)),
    },
    { name: 'year (each, any order)', lists: withSorts(years.map((year) => `&year=${year}`)) },
    { name: 'scored=true (any order)', lists: withSorts(['&scored=true']) },
    { name: 'sortBy=length (main story)', lists: ['&sortBy=length'] },
    {
      name: 'length=short (any order)',
      lists: [...withSorts(['&length=short']), '&length=short&sortBy=length'],
    },
    { name: 'addons=true (any order)', lists: withSorts(['&addons=true']) },
    { name: 'mature=true (any order)', lists: withSorts(['&mature=true']) },
    { name: 'search (real queries)', search: true },
  ];
}

export const selectScenarios = (scenarios: Scenario[], only: string[]) =>
  only.length === 0
    ? scenarios
    : scenarios.filter((scenario) => only.some((word) => scenario.name.includes(word)));

/**
 * `count` request paths of a scenario: a list drawn at random, then a page drawn uniformly in the range it
 * has (up to DEEPEST_PAGE), or a query drawn from the list.
 */
export function scenarioPaths(
  scenario: Scenario,
  pagesOf: (list: string) => number,
  queries: string[],
  count: number,
  seed: number,
): string[] {
  const next = random(seed);
  const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)];
  if (scenario.search) {
    return Array.from({ length: count }, () => `/api/games/search?name=${encodeURIComponent(pick(queries))}`);
  }
  const lists = (scenario.lists ?? []).filter((list) => pagesOf(list) > 0);
  if (lists.length === 0) throw new Error(`${scenario.name}: every list is empty`);
  return Array.from({ length: count }, () => {
    const list = pick(lists);
    const page = Math.floor(next() * Math.min(DEEPEST_PAGE, pagesOf(list)));
    return `/api/games/all?page=${page}&size=${PAGE_SIZE}${list}`;
  });
}

/** The query list: one a line, blank lines left out. */
export const parseQueries = (text: string) =>
  [...new Set(text.split('\n').map((line) => line.trim()))].filter(
    (line) => line.length > 0 && line.length <= 100,
  );

/**
 * The garbage-collection pauses the process has had so far, from prom-client's `nodejs_gc_duration_seconds`
 * histogram (observed by a perf_hooks PerformanceObserver on 'gc' entries): their number and total (ms),
 * every kind (minor, major, incremental, weak callbacks) together.
 */
export function gcTotals(metrics: string): { pauses: number; totalMs: number } | null {
  let pauses = 0;
  let seconds = 0;
  let found = false;
  for (const line of metrics.split('\n')) {
    const match = /^nodejs_gc_duration_seconds_(sum|count)(?:\{[^}]*\})? ([0-9.eE+-]+)$/.exec(line.trim());
    if (!match) continue;
    found = true;
    if (match[1] === 'sum') seconds += Number(match[2]);
    else pauses += Number(match[2]);
  }
  return found ? { pauses, totalMs: seconds * 1000 } : null;
}

export function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** API over bare (how many times slower), one decimal; – when the bare figure is 0. */
export const ratio = (api: number, bare: number) => (bare > 0 ? (api / bare).toFixed(1) : '–');
