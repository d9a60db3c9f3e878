// A stand-in for the public icon service (Iconify's API: GET /{collection}.json?icons=a,b) on
// 127.0.0.1, for tests that point ICONS_UPSTREAM_URL at it. Tests switch how it behaves and read
// which requests it got.
import Fastify from 'fastify'
import type { Test } from 'tap'
import { pickIcons, type IconifyJSON } from '../../shared/icons.ts'

export const FAKE_SET: IconifyJSON = {
  prefix: 'fake-set',
  width: 24,
  height: 24,
  icons: {
    rocket: { body: '<path d="M1 1h22"/>' },
    planet: { body: '<circle cx="12" cy="12" r="9"/>', width: 32 },
  },
  aliases: { ship: { parent: 'rocket', hFlip: true } },
}

export type FakeBehaviour = 'ok' | 'fail' | 'stall' | 'unknown-collection'

export interface FakeIconUpstream {
  url: string
  /** `collection:icons` of every request received, in order. */
  requests: string[]
  behave(next: FakeBehaviour): void
}

export async function startFakeIconUpstream(t: Test): Promise<FakeIconUpstream> {
  const requests: string[] = []
  let behaviour: FakeBehaviour = 'ok'
  const server = Fastify({ logger: false })
  server.get<{ Params: { collection: string }; Querystring: { icons?: string } }>('/:collection.json', async (request, reply) => {
    const { collection } = request.params
    requests.push(`${collection}:${request.query.icons ?? ''}`)
    if (behaviour === 'fail') return reply.code(503).send('upstream is down')
    // Never answers: the app's timeout has to give up.
    if (behaviour === 'stall') return new Promise(() => {})
    if (behaviour === 'unknown-collection' || collection !== FAKE_SET.prefix) return reply.code(404).send('404')
    return pickIcons(FAKE_SET, (request.query.icons ?? '').split(','))
  })
  await server.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(async () => {
    server.server.closeAllConnections()
    await server.close()
  })
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('fake icon upstream: no TCP address')
  return { url: `http://127.0.0.1:${address.port}`, requests, behave: (next) => (behaviour = next) }
}
