// A listener that must hear nothing: its URL goes where a hostile client would put a URL (a file
// part of a message); a test asserts that no request ever reached it. The URL names the machine by
// its host name when that resolves to this machine's loopback, which is what an attacker would use
// (a name inside the network, not an IP literal or "localhost", which the AI SDK refuses itself).
// It answers big and never ends, as the worst URL would.
import { createServer } from 'node:http'
import { lookup } from 'node:dns/promises'
import { hostname } from 'node:os'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export interface RequestTrap {
  /** Ends with a slash. */
  url: string
  requests: string[]
}

async function loopbackName(): Promise<string | null> {
  try {
    const { address } = await lookup(hostname(), { family: 4 })
    return address.startsWith('127.') ? hostname() : null
  } catch {
    return null
  }
}

export async function startRequestTrap(t: Test): Promise<RequestTrap> {
  const requests: string[] = []
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    response.writeHead(200, { 'content-type': 'image/png' })
    response.write(Buffer.alloc(1024 * 1024))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    server.closeAllConnections()
    server.close()
  })
  const { port } = server.address() as AddressInfo
  const name = (await loopbackName()) ?? '127.0.0.1'
  return { url: `http://${name}:${port}/`, requests }
}
