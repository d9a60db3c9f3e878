// Talking to the chat API like the browser's useChat does.
import type { FastifyInstance } from 'fastify'
import { browser } from './build-app.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'

export interface Visitor {
  cookie?: string
  headers(json?: boolean): Record<string, string>
}

/** A browser visitor with its own cookie jar (the session cookie). */
export function visitor(): Visitor {
  const v: Visitor = {
    cookie: undefined,
    headers(json = false) {
      return {
        ...browser,
        'sec-fetch-site': 'same-origin',
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(v.cookie ? { cookie: `${SESSION_COOKIE}=${v.cookie}` } : {}),
      }
    },
  }
  return v
}

export function remember(v: Visitor, setCookie: string | string[] | undefined) {
  const line = [setCookie].flat().find((value) => value?.startsWith(`${SESSION_COOKIE}=`))
  if (line) v.cookie = line.slice(SESSION_COOKIE.length + 1).split(';')[0]
}

export function userMessage(text: string, id = `u-${Math.random().toString(36).slice(2)}`) {
  return { id, role: 'user' as const, parts: [{ type: 'text' as const, text }] }
}

export async function createChat(app: FastifyInstance, v: Visitor, text: string, id?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { ...(id ? { id } : {}), message: userMessage(text) } })
  remember(v, res.headers['set-cookie'])
  return res
}

/** Parses an SSE body of the UI message stream into its chunks (and whether it ended with [DONE]). */
export function parseUiStream(body: string): { chunks: Array<Record<string, unknown>>; done: boolean } {
  const chunks: Array<Record<string, unknown>> = []
  let done = false
  for (const event of body.split('\n\n')) {
    const data = event.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n')
    if (!data) continue
    if (data === '[DONE]') done = true
    else chunks.push(JSON.parse(data))
  }
  return { chunks, done }
}

export function streamedText(chunks: Array<Record<string, unknown>>): string {
  return chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta as string).join('')
}
