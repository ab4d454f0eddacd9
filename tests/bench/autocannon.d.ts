// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    total: number;
    p50: number;
    p99: number;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  }

  export interface Result {
    requests: Histogram;
    /** Bytes received: status lines, headers and bodies. */
    throughput: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  /** A run under way: it reports each answer (`responseTime` in ms) on its connection (`client`). */
  export interface Instance {
    on(event: 'response', listener: (client: object, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
  }

  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
