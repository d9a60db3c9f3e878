// Uploads and downloads as a browser makes them, over a real socket: multipart/form-data with one
// field "file", the visitor's cookie kept. A download's body is read at once: a response left
// unread keeps its connection busy and the app from closing.
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { remember, type Visitor } from './chat.ts'

/**
 * Listens on a loopback port for fetch; on teardown its sockets are closed first (fetch keeps
 * connections alive, and a kept one could hold app.close() until the test times out).
 */
export async function listenForFetch(t: Test, app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => app.server.closeAllConnections())
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('uploads: the app is not on a TCP port')
  return `http://127.0.0.1:${address.port}`
}

export function uploader(base: string) {
  return {
    async upload(v: Visitor, name: string, bytes: Uint8Array | string, type = 'application/octet-stream', field = 'file') {
      const form = new FormData()
      form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name)
      const res = await fetch(`${base}/api/files`, { method: 'POST', headers: v.headers(), body: form })
      remember(v, res.headers.getSetCookie())
      return { status: res.status, body: (await res.json()) as Record<string, any> }
    },
    async download(v: Visitor, url: string, headers: Record<string, string> = {}) {
      const res = await fetch(base + url, { headers: { ...v.headers(), ...headers } })
      return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
    },
  }
}
