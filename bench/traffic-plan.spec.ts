import {
  DEEPEST_PAGE,
  gcTotals,
  parseQueries,
  parseTrafficArguments,
  percentile,
  ratio,
  scenarioPaths,
  selectScenarios,
  trafficScenarios,
} from './traffic-plan.js';

describe('parseTrafficArguments', () => {
  it('defaults to a running instance on port 3000, 32 connections, three runs, a browser as the client', () => {
    const options = parseTrafficArguments([], {});
    expect(options).toMatchObject({
      url: 'http://localhost:3000',
      metricsUrl: 'http://127.0.0.1:9464/metrics',
      start: null,
      databaseUrl: null,
      connections: 32,
      runs: 3,
      write: true,
      clients: ['browser'],
    });
  });

  it('measures a plain client beside the browser when asked, and refuses another client', () => {
    expect(parseTrafficArguments(['--client', 'browser,plain'], {}).clients).toEqual(['browser', 'plain']);
    expect(parseTrafficArguments(['--client', 'plain'], {}).clients).toEqual(['plain']);
    expect(() => parseTrafficArguments(['--client', 'curl'], {})).toThrow('--client');
  });

  it('reads every option, and DATABASE_URL and METRICS_TOKEN from the environment', () => {
    const options = parseTrafficArguments(
      [
        '--start',
        'database',
        '--seconds',
        '3',
        '--warmup',
        '0',
        '--runs',
        '1',
        '--only',
        'default, search',
        '--no-write',
      ],
      {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
        METRICS_TOKEN: 'secret-token-0123456789',
      },
    );
    expect(options).toMatchObject({
      start: 'database',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      metricsToken: 'secret-token-0123456789',
      seconds: 3,
      warmupSeconds: 0,
      runs: 1,
      only: ['default', 'search'],
      write: false,
    });
    expect(parseTrafficArguments(['--metrics-url', 'none']).metricsUrl).toBeNull();
  });

  it('refuses what it cannot run, saying why', () => {
    expect(() => parseTrafficArguments(['--start', 'docker'])).toThrow(
      '--start must be embedded or database',
    );
    expect(() => parseTrafficArguments(['--start', 'database'], {})).toThrow('needs DATABASE_URL');
    expect(() => parseTrafficArguments(['--runs', '0'])).toThrow('--runs must be an integer of at least 1');
    expect(() => parseTrafficArguments(['--seconds'])).toThrow('--seconds needs a value');
    expect(() => parseTrafficArguments(['--url', 'not a url'])).toThrow();
    expect(() => parseTrafficArguments(['--fast'])).toThrow('unknown argument --fast');
  });
});

describe('scenarios and their paths', () => {
  const scenarios = trafficScenarios([2020, 2021]);

  it('covers each order, each filter of the catalogue and the search', () => {
    const names = scenarios.map((scenario) => scenario.name).join('|');
    for (const word of [
      'default',
      'avRatings',
      'avUserRatings',
      'platform',
      'spanish=audio',
      'spanish=text',
    ]) {
      expect(names).toContain(word);
    }
    for (const word of [
      'genre',
      'year',
      'scored',
      'length=short',
      'sortBy=length',
      'addons',
      'mature',
      'search',
    ])
      expect(names).toContain(word);
    expect(selectScenarios(scenarios, ['search']).map((scenario) => scenario.name)).toEqual([
      'search (real queries)',
    ]);
  });

  it('draws pages within each list, never past its end nor past the deepest page', () => {
    const years = scenarios.find((scenario) => scenario.name.startsWith('year'))!;
    const pages: Record<string, number> = { '&year=2020': 3, '&year=2021': 0 };
    const paths = scenarioPaths(years, (list) => pages[list.replace(/&sortBy=\w+/, '')] ?? 0, [], 500, 1);
    for (const path of paths) {
      const url = new URL(path, 'http://x');
      expect(url.searchParams.get('year')).toBe('2020');
      expect(Number(url.searchParams.get('page'))).toBeLessThan(3);
    }
    expect(new Set(paths.map((path) => new URL(path, 'http://x').searchParams.get('sortBy'))).size).toBe(3);
    const deep = scenarioPaths(scenarios[0], () => 10_000, [], 2000, 2).map((path) =>
      Number(new URL(path, 'http://x').searchParams.get('page')),
    );
    expect(Math.max(...deep)).toBeLessThan(DEEPEST_PAGE);
    expect(Math.max(...deep)).toBeGreaterThan(DEEPEST_PAGE * 0.9);
    expect(() => scenarioPaths(years, () => 0, [], 10, 1)).toThrow('every list is empty');
  });

  it('draws searches from the queries, encoded, the same on every run', () => {
    const search = scenarios.find((scenario) => scenario.search)!;
    const queries = parseQueries(
      'kindom hearts 2\n\nps2 ceat codes\nkindom hearts 2\n  final fantasy x-2 \n',
    );
    expect(queries).toEqual(['kindom hearts 2', 'ps2 ceat codes', 'final fantasy x-2']);
    const paths = scenarioPaths(search, () => 0, queries, 300, 7);
    expect(new Set(paths)).toEqual(
      new Set(queries.map((query) => `/api/games/search?name=${encodeURIComponent(query)}`)),
    );
    expect(scenarioPaths(search, () => 0, queries, 300, 7)).toEqual(paths);
  });
});

describe('gcTotals', () => {
  it('adds the pauses of every kind from prom-client’s GC histogram', () => {
    const metrics = [
      '# HELP nodejs_gc_duration_seconds Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
      '# TYPE nodejs_gc_duration_seconds histogram',
      'nodejs_gc_duration_seconds_bucket{le="0.001",kind="minor",process="api"} 10',
      'nodejs_gc_duration_seconds_sum{kind="minor",process="api"} 0.25',
      'nodejs_gc_duration_seconds_count{kind="minor",process="api"} 120',
      'nodejs_gc_duration_seconds_sum{kind="major",process="api"} 0.0105',
      'nodejs_gc_duration_seconds_count{kind="major",process="api"} 3',
      'nodejs_heap_size_total_bytes{process="api"} 1234',
    ].join('\n');
    const totals = gcTotals(metrics)!;
    expect(totals.pauses).toBe(123);
    expect(totals.totalMs).toBeCloseTo(260.5, 6);
    expect(gcTotals('process_cpu_seconds_total 3')).toBeNull();
  });
});

describe('figures', () => {
  it('takes nearest-rank percentiles and the ratio to the bare server', () => {
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([], 0.5)).toBe(0);
    expect(ratio(93, 12)).toBe('7.8');
    expect(ratio(10, 0)).toBe('–');
  });
});
