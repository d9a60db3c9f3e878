// An imported message longer than one message may hold (MESSAGE_STORED_MAX_CHARS, set low here) is
// stored cut, ending with a note that says so; the import does not fail, and the conversation's
// other messages are stored as they were.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'
import { listenForFetch } from '../helpers/uploads.ts'

const CAP = 1_000
type Part = { type: string; text?: string }
const textChars = (parts: Part[]) => parts.reduce((sum, part) => sum + (part.text?.length ?? 0), 0)

t.test('an imported message over the cap is stored cut, with the note; the import goes on', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', MESSAGE_STORED_MAX_CHARS: String(CAP) })
  const base = await listenForFetch(t, app)
  const { cookie } = await signUp(app, 'ada@example.com')
  const v = visitor()
  v.cookie = cookie
  const start = Date.UTC(2026, 10, 1)
  const long = Array.from({ length: 5 }, (_, i) => `Paragraph ${i} `.padEnd(800, 'z')).join('')
  const exported = {
    chat: { id: 'imported-long', title: 'Imported long answer', createdAt: new Date(start).toISOString(), currentLeafId: 'a1' },
    messages: [
      { id: 'q1', role: 'user', parentId: null, createdAt: new Date(start).toISOString(), parts: [{ type: 'text', text: 'Tell me a lot' }] },
      { id: 'a1', role: 'assistant', parentId: 'q1', createdAt: new Date(start + 1000).toISOString(), parts: [{ type: 'text', text: long }, { type: 'text', text: 'and more' }] },
    ],
  }
  const form = new FormData()
  form.append('file', new Blob([JSON.stringify(exported)]), 'chat.json')
  const started = await fetch(`${base}/api/import`, { method: 'POST', headers: v.headers(), body: form })
  t.equal(started.status, 202)
  const { id } = (await started.json()) as { id: string }
  let view: { status: string; imported?: number } = { status: 'running' }
  for (let attempt = 0; attempt < 400 && view.status === 'running'; attempt++) {
    view = (await app.inject({ url: `/api/import/${id}`, headers: v.headers() })).json()
    if (view.status === 'running') await new Promise((resolve) => setTimeout(resolve, 25))
  }
  t.match(view, { status: 'done', imported: 1 }, 'the import does not fail')
  const chats = (await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats as Array<{ id: string; title: string }>
  const chatId = chats.find((chat) => chat.title === 'Imported long answer')!.id
  const [question, answer] = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages as Array<{ parts: Part[] }>
  t.same(question!.parts, [{ type: 'text', text: 'Tell me a lot' }], 'a message within the cap is stored as it was')
  t.equal(answer!.parts.length, 2)
  const kept = answer!.parts[0]!.text as string
  t.ok(long.startsWith(kept) && kept.length <= CAP && kept.length > CAP - 200, `the long one keeps its beginning, up to 1,000 characters (${kept.length})`)
  t.equal(kept, long.slice(0, long.lastIndexOf(' ', CAP)), 'cut after its last whole word within the cap, not inside a word')
  t.match(answer!.parts[1], { type: 'text', text: /Cut here: a message may hold at most 1,000 characters/ })
  t.ok(textChars(answer!.parts) < CAP + 200)
})
