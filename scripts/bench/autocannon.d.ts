// autocannon 9 ships no types and @types/autocannon is not installed: the small part of its
// programmatic API the benchmark uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface Options {
    url: string
    /** Concurrent connections (default 10). */
    connections?: number
    /** Seconds to run. */
    duration?: number
    headers?: Record<string, string>
    /** Seconds before a request counts as a timeout (default 10). */
    timeout?: number
    title?: string
    method?: string
    body?: string
    /** A sequence each connection runs in a loop; `context` is per connection and survives the loop. */
    requests?: Array<{
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void
    }>
  }

  export interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  /** hdr-histogram summary; latencies are in ms, requests and throughput per second. */
  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }

  export interface Result {
    url: string
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    resets: number
    mismatches: number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram
    requests: Histogram & { sent: number }
    throughput: Histogram
  }

  /** An EventEmitter that is also a promise of the final result (when no callback is passed). */
  export interface Instance extends EventEmitter, PromiseLike<Result> {}

  function autocannon(options: Options): Instance
  export default autocannon
}
