// A stand-in for the public icon service (Iconify's API: GET /{collection}.json?icons=a,b) on
// 127.0.0.1, for tests that point ICONS_UPSTREAM_URL at it. Tests switch how it behaves and read
// which requests it got.
import { Readable } from 'node:stream'
import Fastify from 'fastify'
import type { Test } from 'tap'
import type { IconifyJSON } from '../../shared/icons.ts'
import { pickIcons } from '../../shared/icon-sets.ts'

export const FAKE_SET: IconifyJSON = {
  prefix: 'mdi',
  width: 24,
  height: 24,
  icons: {
    rocket: { body: '<path d="M1 1h22"/>' },
    planet: { body: '<circle cx="12" cy="12" r="9"/>', width: 32 },
  },
  aliases: { ship: { parent: 'rocket', hFlip: true } },
}

export type FakeBehaviour = 'ok' | 'fail' | 'stall' | 'unknown-collection' | 'oversized'

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
    const names = (request.query.icons ?? '').split(',')
    // An answer far larger than any real one (3 MB), streamed without a length up front.
    if (behaviour === 'oversized') {
      const body = JSON.stringify({ prefix: FAKE_SET.prefix, icons: { rocket: { body: `<path d="${'M0 0'.repeat(768 * 1024)}"/>` } } })
      const chunks = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => body.slice(i * 65536, (i + 1) * 65536))
      return reply.type('application/json').send(Readable.from(chunks))
    }
    // `big-*` icons exist, each 100 KB: what a cache bounded by count alone would fill memory with.
    const big = names.filter((name) => name.startsWith('big-'))
    const answer = pickIcons(FAKE_SET, names.filter((name) => !name.startsWith('big-')))
    for (const name of big) answer.icons[name] = { body: `<path d="${'L1 1'.repeat(25 * 1024)}"/>` }
    if (big.length) answer.not_found = answer.not_found?.filter((name) => !big.includes(name))
    return answer
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
