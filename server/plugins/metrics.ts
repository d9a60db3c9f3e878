// Prometheus metrics (for operators): GET /metrics in the text format, behind a bearer token
// when METRICS_TOKEN is set. One registry per app (tests build many apps in one process). The
// metrics other plugins record into are decorated as `app.metrics`; gauges read their value when
// scraped (running answers, database pool). Process metrics (CPU, memory, event loop, GC) start
// with the first scrape, so apps nobody scrapes pay nothing for them.
import { timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { AppConfig } from '../../fastify.config.ts'
import { AppError } from '../../shared/errors.ts'

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function createMetrics() {
  const registry = new Registry()
  const registers = [registry]
  const scrapeHooks: Array<() => void> = []
  return {
    registry,
    /** Runs `hook` before each scrape (to read gauges such as the database pool). */
    onScrape(hook: () => void) {
      scrapeHooks.push(hook)
    },
    async scrape(): Promise<string> {
      for (const hook of scrapeHooks) hook()
      return registry.metrics()
    },
    httpRequests: new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames: ['method', 'route', 'status_code'], registers }),
    httpDuration: new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer an HTTP request (to the end of its body)', labelNames: ['method', 'route'], buckets: SECONDS, registers }),
    ssrRender: new Histogram({ name: 'ssr_render_seconds', help: 'Server render of a page: until the shell is sent, and until everything is rendered', labelNames: ['phase'], buckets: SECONDS, registers }),
    answersRunning: new Gauge({ name: 'answers_running', help: 'Answers being written by this process right now', registers }),
    answersStarted: new Counter({ name: 'answers_started_total', help: 'Answers started by this process', registers }),
    answerSaves: new Counter({ name: 'answer_saves_total', help: 'Running answers saved while they stream (rows written; ANSWER_SAVE_INTERVAL_MS)', registers }),
    modelFirstToken: new Histogram({ name: 'model_time_to_first_token_seconds', help: 'From starting an answer to its first text from the model', labelNames: ['model'], buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30], registers }),
    modelTokens: new Counter({ name: 'model_tokens_total', help: 'Tokens the model providers reported', labelNames: ['model', 'kind'], registers }),
    upstreamErrors: new Counter({ name: 'upstream_errors_total', help: 'Failed calls to upstream services, by upstream and kind of failure', labelNames: ['upstream', 'kind'], registers }),
    iconRequests: new Counter({ name: 'icon_requests_total', help: 'Icon requests by where the answer came from (cache = upstream icons served from memory)', labelNames: ['source'], registers }),
    retentionDeleted: new Counter({ name: 'retention_deleted_total', help: 'Rows the retention sweep deleted (RETENTION_ANONYMOUS_DAYS, RETENTION_DAYS, old sessions), by kind', labelNames: ['kind'], registers }),
    quotaRefusals: new Counter({ name: 'quota_refusals_total', help: 'Answers refused because their owner had used the daily token quota', labelNames: ['owner'], registers }),
    dbPool: new Gauge({ name: 'db_pool_connections', help: 'PostgreSQL pool connections by state (total, idle, waiting requests)', labelNames: ['state'], registers }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

/** Only this machine can reach a server listening here. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export default fp(
  async function metricsPlugin(app, options: { config: AppConfig }) {
    const metrics = createMetrics()
    app.decorate('metrics', metrics)

    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, not the URL: /api/chats/:id is one series, not one per chat.
      const route = request.routeOptions.url ?? 'unmatched'
      metrics.httpRequests.inc({ method: request.method, route, status_code: reply.statusCode })
      metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
      done()
    })

    let processMetrics = false
    const { metricsToken, host } = options.config
    if (!metricsToken && !isLoopback(host)) {
      app.log.warn({ host }, 'metrics: /metrics is open to anyone who can reach this address; set METRICS_TOKEN, or keep /metrics off the public proxy')
    }
    app.get('/metrics', async (request, reply) => {
      if (metricsToken) {
        const header = request.headers.authorization ?? ''
        if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7), metricsToken)) {
          reply.header('www-authenticate', 'Bearer')
          throw new AppError(401, 'METRICS_TOKEN_REQUIRED', 'Metrics need Authorization: Bearer <METRICS_TOKEN>.')
        }
      }
      if (!processMetrics) {
        processMetrics = true
        collectDefaultMetrics({ register: metrics.registry })
      }
      reply.header('cache-control', 'no-store').type(metrics.registry.contentType)
      return metrics.scrape()
    })
  },
  { name: 'metrics' },
)
