// Bot user agents never get a rendered error page (docs/product-contract.md); their errors are only logged.
import fp from 'fastify-plugin'
import { isbot } from 'isbot'

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the user agent is a crawler or other bot (isbot). */
    isBot: boolean
  }
}

// isbot's pattern is long and a site sees the same few user agents over and over: remember the
// answers (a bounded map, emptied when full; very long strings are not kept).
const CACHE_SIZE = 1000
const CACHEABLE_LENGTH = 512
const answers = new Map<string, boolean>()

export function isBotAgent(userAgent: string | undefined): boolean {
  if (userAgent === undefined || userAgent.length > CACHEABLE_LENGTH) return isbot(userAgent)
  let answer = answers.get(userAgent)
  if (answer === undefined) {
    answer = isbot(userAgent)
    if (answers.size >= CACHE_SIZE) answers.clear()
    answers.set(userAgent, answer)
  }
  return answer
}

export default fp(
  async function bots(app) {
    app.decorateRequest('isBot', false)
    app.addHook('onRequest', (request, _reply, done) => {
      request.isBot = isBotAgent(request.headers['user-agent'])
      done()
    })
  },
  { name: 'bots' },
)
