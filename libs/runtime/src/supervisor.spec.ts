import { apiMetricsPorts, apiProcessCount } from './supervisor.js';

describe('the API processes of npm start', () => {
  it('runs one per core by default, at most four, and one where a port cannot be shared', () => {
    expect(apiProcessCount(0, 1, 'linux')).toBe(1);
    expect(apiProcessCount(0, 2, 'linux')).toBe(2);
    expect(apiProcessCount(0, 16, 'linux')).toBe(4);
    expect(apiProcessCount(0, 8, 'darwin')).toBe(1);
    expect(apiProcessCount(0, 8, 'win32')).toBe(1);
    // A number set is kept as it is.
    expect(apiProcessCount(3, 2, 'linux')).toBe(3);
    expect(apiProcessCount(2, 8, 'darwin')).toBe(2);
  });

  it('gives each its metrics port, none on the workers’', () => {
    expect(apiMetricsPorts(1, 9464, 9465)).toEqual([9464]);
    expect(apiMetricsPorts(3, 9464, 9465)).toEqual([9464, 9466, 9467]);
    expect(apiMetricsPorts(2, 9470, 9465)).toEqual([9470, 9471]);
    // 0: a free port for each.
    expect(apiMetricsPorts(2, 0, 9465)).toEqual([0, 0]);
  });
});
