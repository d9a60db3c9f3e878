// A chat with one huge answer makes a page of bounded size: the HTML, its _payload.json and the chat
// API carry the first PAGE_MESSAGE_CHARS of the answer and say how much there is; the rest comes
// from GET /api/chats/:id/messages/:messageId, for the owner and for readers of a public chat (the
// branch it shows), and is a 404 for anyone else.
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { appState } from '../helpers/html.ts'
import { createChat, visitor } from '../helpers/chat.ts'
import { PAGE_MESSAGE_CHARS } from '../../server/services/chats/message-size.ts'

type Message = { id: string; role: string; parts: Array<{ type: string; text?: string }>; metadata?: { clipped?: { shownChars: number; totalChars: number } } }

const PARTS = 250
const PART_CHARS = 4_000
const TOTAL = PARTS * PART_CHARS
const textOf = (message: Message) => message.parts.map((part) => part.text ?? '').join('')

t.test('one huge answer: a bounded page, the rest on demand, 404 to others', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const owner = visitor()
  const chatId = (await createChat(app, owner, 'Tell me everything')).json().id as string
  const question = (await app.inject({ url: `/api/chats/${chatId}`, headers: owner.headers() })).json().messages[0].id as string
  // An answer of a million characters, as an import or a model stored it before any cap: each
  // part says where it is, and the last one ends with words found nowhere else.
  const END = 'THE VERY END.'
  const parts = Array.from({ length: PARTS }, (_, i) => ({ type: 'text', text: i < PARTS - 1 ? `[part ${i}]`.padEnd(PART_CHARS, 'x') : `[part ${i}]`.padEnd(PART_CHARS - END.length, 'x') + END }))
  t.equal(parts.reduce((sum, part) => sum + part.text.length, 0), TOTAL)
  await app.db
    .insertInto('messages')
    .values({ id: 'huge-answer', chat_id: chatId, seq: 1, parent_id: question, shown: 1, role: 'assistant', parts: JSON.stringify(parts), status: 'complete', usage: null, model: 'offline', created_at: Date.now() })
    .execute()
  await app.db.updateTable('chats').set({ current_leaf_id: 'huge-answer', visibility: 'public' }).where('id', '=', chatId).execute()

  const reader = visitor()
  const page = await app.inject({ url: `/chat/${chatId}`, headers: { ...browser, ...reader.headers() } })
  t.equal(page.statusCode, 200)
  t.ok(page.body.length < TOTAL / 3, `the page (${page.body.length} bytes) is far smaller than the answer (${TOTAL} characters)`)
  t.ok(page.body.includes('[part 0]'), 'the page shows the beginning')
  t.notOk(page.body.includes(END), 'and not the end')
  const shown = (appState(page.body).data as { messages: Message[] }).messages[1]!
  t.same(shown.metadata?.clipped, { shownChars: PAGE_MESSAGE_CHARS, totalChars: TOTAL }, 'the page says how much of the answer it carries')
  t.equal(textOf(shown).length, PAGE_MESSAGE_CHARS)

  const payload = await app.inject({ url: `/chat/${chatId}/_payload.json`, headers: reader.headers() })
  t.equal(payload.statusCode, 200)
  t.ok(payload.body.length < PAGE_MESSAGE_CHARS * 1.5, `_payload.json is bounded too (${payload.body.length} bytes)`)
  const api = await app.inject({ url: `/api/chats/${chatId}?limit=30`, headers: reader.headers() })
  t.ok(api.body.length < PAGE_MESSAGE_CHARS * 1.5, `and the chat API the screen reloads from (${api.body.length} bytes)`)
  t.same((api.json().messages as Message[])[1]!.metadata?.clipped, { shownChars: PAGE_MESSAGE_CHARS, totalChars: TOTAL })

  // The rest, on demand: the whole answer, for a reader of the public chat and for its owner.
  for (const who of [reader, owner]) {
    const rest = await app.inject({ url: `/api/chats/${chatId}/messages/huge-answer`, headers: who.headers() })
    t.equal(rest.statusCode, 200)
    const message = rest.json().message as Message
    t.equal(textOf(message).length, TOTAL, 'the whole answer')
    t.ok(textOf(message).endsWith(END), 'down to its end')
    t.notOk(message.metadata?.clipped)
    t.equal(rest.headers['cache-control'], 'no-store')
  }
  t.equal((await app.inject({ url: `/api/chats/${chatId}/messages/nope`, headers: owner.headers() })).statusCode, 404, 'a message the chat does not have')

  // Private again: nobody else gets it, not even knowing its id.
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { visibility: 'private' } })
  const refused = await app.inject({ url: `/api/chats/${chatId}/messages/huge-answer`, headers: reader.headers() })
  t.equal(refused.statusCode, 404)
  t.match(refused.json(), { code: 'CHAT_NOT_FOUND' })
  t.equal((await app.inject({ url: `/api/chats/${chatId}/messages/huge-answer`, headers: owner.headers() })).statusCode, 200, 'its owner still does')

  // Another version of the answer: the huge one is no longer on the branch the chat shows, and a
  // reader of the public chat cannot read it (its owner still can).
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { visibility: 'public' } })
  const regenerated = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { id: chatId, messages: [{ id: question, role: 'user', parts: [{ type: 'text', text: 'Tell me everything' }] }], trigger: 'regenerate-message' } })
  t.equal(regenerated.statusCode, 200)
  await app.answers.get(chatId)?.settled
  t.equal((await app.inject({ url: `/api/chats/${chatId}/messages/huge-answer`, headers: reader.headers() })).statusCode, 404, 'an older version is not a reader’s to read')
  t.equal((await app.inject({ url: `/api/chats/${chatId}/messages/huge-answer`, headers: owner.headers() })).statusCode, 200, 'its owner’s versions are')
  const shownNow = (await app.inject({ url: `/api/chats/${chatId}`, headers: reader.headers() })).json().messages as Message[]
  t.equal((await app.inject({ url: `/api/chats/${chatId}/messages/${shownNow[1]!.id}`, headers: reader.headers() })).statusCode, 200, 'the shown version is')
  // Switching back to the huge version answers with the branch as a page carries it.
  const switched = await app.inject({ method: 'POST', url: `/api/chats/${chatId}/branch`, headers: owner.headers(true), payload: { messageId: 'huge-answer' } })
  t.equal(switched.statusCode, 200)
  t.ok(switched.body.length < PAGE_MESSAGE_CHARS * 1.5, `the version switch's answer is bounded (${switched.body.length} bytes)`)
  t.same((switched.json().messages as Message[])[1]!.metadata?.clipped, { shownChars: PAGE_MESSAGE_CHARS, totalChars: TOTAL })

  // A short message is carried whole, with no mark.
  const question0 = (api.json().messages as Message[])[0]!
  t.notOk(question0.metadata?.clipped)
  t.equal(textOf(question0), 'Tell me everything')
})
