// Imports as the settings dialog makes them: signed in, the export sent as multipart over a real
// socket, then GET /api/import/:id until it ends.
import type { FastifyInstance } from 'fastify'
import { visitor, type Visitor } from './chat.ts'
import { signUp } from './session.ts'

let accounts = 0

/** A visitor signed in to an account of their own. */
export async function signedIn(app: FastifyInstance): Promise<Visitor> {
  const v = visitor()
  v.cookie = (await signUp(app, `importer${++accounts}@example.com`)).cookie
  return v
}

export async function sendExport(base: string, v: Visitor, name: string, bytes: Buffer | string) {
  const form = new FormData()
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name)
  const res = await fetch(`${base}/api/import`, { method: 'POST', headers: v.headers(), body: form })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

/** The import's summary once it has ended. */
export async function importEnded(base: string, v: Visitor, id: string): Promise<Record<string, any>> {
  for (;;) {
    const view = (await (await fetch(`${base}/api/import/${id}`, { headers: v.headers() })).json()) as Record<string, any>
    if (view.status !== 'running') return view
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
