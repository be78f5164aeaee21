// Minimal typing of the parts of autocannon the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    p50: number;
    p90: number;
    p99: number;
    average: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { method?: string; path?: string; setupRequest?: (request: { path: string }) => unknown }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
