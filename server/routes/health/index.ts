// Liveness and readiness for orchestrators. Liveness is only "the process answers";
// readiness also asks every registered readiness check (the database adds one when it lands).
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'

declare module 'fastify' {
  interface FastifyInstance {
    /** Named checks that must pass for /readyz; each throws or resolves to a short detail. */
    readinessChecks: Map<string, () => Promise<string>>
  }
}

const HealthReply = Type.Object({ status: Type.String() })
const ReadyReply = Type.Object({
  status: Type.String(),
  checks: Type.Record(Type.String(), Type.Object({ ok: Type.Boolean(), detail: Type.String() })),
})

export default async function healthRoutes(app: FastifyInstance) {
  const noStore = { 'cache-control': 'no-store' }
  // While shutting down, readiness fails so a load balancer stops sending new requests.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.get('/healthz', { schema: { response: { 200: HealthReply } } }, async (_request, reply) => {
    reply.headers(noStore)
    return { status: 'ok' }
  })
  app.get('/readyz', { schema: { response: { 200: ReadyReply, 503: ReadyReply } } }, async (request, reply) => {
    reply.headers(noStore)
    const checks: Record<string, { ok: boolean; detail: string }> = {}
    let ready = !closing
    for (const [name, check] of app.readinessChecks) {
      try {
        checks[name] = { ok: true, detail: await check() }
      } catch (error) {
        ready = false
        request.log.warn({ err: error, check: name }, 'health: readiness check failed')
        checks[name] = { ok: false, detail: (error as Error).message }
      }
    }
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks })
  })
}
