// SPEC §8: bot user agents never get a rendered error page; their errors are only logged.
import fp from 'fastify-plugin'
import { isbot } from 'isbot'

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the user agent is a crawler or other bot (isbot). */
    isBot: boolean
  }
}

export default fp(
  async function bots(app) {
    app.decorateRequest('isBot', false)
    app.addHook('onRequest', async (request) => {
      request.isBot = isbot(request.headers['user-agent'])
    })
  },
  { name: 'bots' },
)
