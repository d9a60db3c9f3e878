// Imports: ChatGPT and Claude exports (conversations.json or the .zip) and our own JSON
// export, sent as multipart to POST /api/import, imported in the background with progress; branches
// kept as branches, tool and browsing steps as readable text, original dates, searchable, private;
// a re-import adds no copies; bad and foreign files are refused with what was expected.
import t, { type Test } from 'tap'
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'
import { listenForFetch } from '../helpers/uploads.ts'
import { makeZip } from '../helpers/make-zip.ts'

const CHATGPT = readFileSync(new URL('../fixtures/imports/chatgpt-conversations.json', import.meta.url))
const CLAUDE = readFileSync(new URL('../fixtures/imports/claude-conversations.json', import.meta.url))

async function start(t: Test, env: Record<string, string> = {}) {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', ...env })
  const base = await listenForFetch(t, app)
  return { app, base }
}

async function signedIn(app: FastifyInstance, email = 'ada@example.com'): Promise<Visitor> {
  const { cookie } = await signUp(app, email)
  const v = visitor()
  v.cookie = cookie
  return v
}

async function send(base: string, v: Visitor, name: string, bytes: Buffer | string, field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name)
  const res = await fetch(`${base}/api/import`, { method: 'POST', headers: v.headers(), body: form })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

/** Polls the import until it ends, as the settings dialog does. */
async function finished(app: FastifyInstance, v: Visitor, id: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const view = (await app.inject({ url: `/api/import/${id}`, headers: v.headers() })).json()
    if (view.status !== 'running') return view
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the import did not end')
}

async function importFile(app: FastifyInstance, base: string, v: Visitor, name: string, bytes: Buffer | string) {
  const started = await send(base, v, name, bytes)
  if (started.status !== 202) throw new Error(`import refused: ${JSON.stringify(started.body)}`)
  return finished(app, v, started.body.id)
}

const chatsOf = async (app: FastifyInstance, v: Visitor) => (await app.inject({ url: '/api/chats?limit=100', headers: v.headers() })).json().chats as Array<{ id: string; title: string; createdAt: number; updatedAt: number }>
const read = async (app: FastifyInstance, v: Visitor, id: string) => (await app.inject({ url: `/api/chats/${id}`, headers: v.headers() })).json()
const texts = (messages: Array<{ role: string; parts: Array<{ type: string; text?: string }> }>) => messages.map((message) => `${message.role}: ${message.parts.filter((part) => part.type === 'text').map((part) => part.text).join(' | ')}`)

t.test('a ChatGPT conversations.json: branches, the shown branch, tools as text, dates, a summary that names the skipped', async (t) => {
  const { app, base } = await start(t)
  const v = await signedIn(app)
  const summary = await importFile(app, base, v, 'conversations.json', CHATGPT)
  t.match(summary, { status: 'done', format: 'chatgpt', imported: 2, duplicates: 0, skipped: 1, error: null, filename: 'conversations.json' })
  t.same(summary.skippedList, [{ title: 'Empty', reason: 'it has no messages' }])
  t.equal(summary.readBytes, summary.totalBytes, 'read to the end')

  const chats = await chatsOf(app, v)
  t.same(chats.map((chat) => chat.title), ['Growing tomatoes', 'News and a cat'], 'newest first, by their own dates')
  const tomatoes = chats[0]!
  t.equal(tomatoes.createdAt, 1717000000123, 'the original create time')
  t.equal(tomatoes.updatedAt, 1717003600500, 'the original update time (the sidebar groups by it)')

  const chat = await read(app, v, tomatoes.id)
  t.equal(chat.chat.systemPrompt, 'The user provided the following information about themselves: I keep a small balcony garden.\n\nThe user provided the additional info about how they would like you to respond: Answer briefly.', 'the custom instructions of the time are its system prompt')
  t.same(texts(chat.messages), ['user: How do I grow tomatoes on a balcony?', 'assistant: Give them six hours of sun and a deep pot.', 'user: How often should I water them?', 'assistant: Every morning, deeply, when the top soil is dry.'], 'the branch of current_node')
  t.equal(chat.messages[0].versions, undefined)
  t.equal(chat.messages[1].versions.length, 2, 'the regenerated answer is a second version')
  t.equal(chat.messages[2].versions.length, 2, 'the edited question is a second version')
  t.equal(chat.messages[1].metadata.model, 'gpt-4o')

  // The other version of the answer: reasoning and text in one answer (the recap node dropped).
  const other = chat.messages[1].versions.find((id: string) => id !== chat.messages[1].id)
  const switched = (await app.inject({ method: 'POST', url: `/api/chats/${tomatoes.id}/branch`, headers: v.headers(true), payload: { messageId: other } })).json()
  t.same(switched.messages[1].parts, [{ type: 'reasoning', text: 'Containers\n\nBalcony plants need depth for roots.', state: 'done' }, { type: 'text', text: 'Use a pot at least 40 cm deep, like a wine barrel.' }])
  // The other version of the question: the python tool call, its output and the answer as one answer.
  await app.inject({ method: 'POST', url: `/api/chats/${tomatoes.id}/branch`, headers: v.headers(true), payload: { messageId: chat.messages[1].id } })
  const question = chat.messages[2].versions.find((id: string) => id !== chat.messages[2].id)
  const water = (await app.inject({ method: 'POST', url: `/api/chats/${tomatoes.id}/branch`, headers: v.headers(true), payload: { messageId: question } })).json()
  t.same(texts(water.messages).slice(2), [
    'user: How much water do they need per day?',
    'assistant: **Tool call: python**\n\n```\nlitres = 0.5 * 6\nprint(litres)\n```\n\n**Output**\n\n```\n3.0\n```\n\nAbout 3 litres a day for six plants:\n\n```python\nlitres = 0.5 * 6\n```',
  ], 'the empty node is skipped; code stays code')

  const news = await read(app, v, chats[1]!.id)
  t.equal(news.chat.systemPrompt, 'You are a helpful assistant who loves cats.', 'a system message is the system prompt')
  t.same(texts(news.messages), [
    'user: What is new in Lisbon?',
    'assistant: **Tool call: browser**\n\n```\nsearch("Lisbon news")\n```\n\n**Browsing**\n\n# 【0†Tram 28 returns†example.org】\n\nTram 28 is running again.',
    "user: 🖼️ *An image (images are not in the export's text)*\n\nDraw a cat like this one",
    'assistant: **Tool call: dalle.text2im**\n\n```json\n{"prompt": "a tabby cat on a windowsill"}\n```\n\n**dalle.text2im**\n\n🖼️ *An image generated for “a tabby cat on a windowsill” (images are not in the export\'s text)*\n\nHere is your cat.',
  ], 'browsing and image generation kept as readable text')

  const search = (await app.inject({ url: '/api/chats/search?q=wine barrel', headers: v.headers() })).json()
  t.same(search.results.map((hit: { chatId: string }) => hit.chatId), [tomatoes.id], 'imported text is searchable, other branches too')
  t.equal((await app.inject({ url: `/api/chats/${tomatoes.id}`, headers: visitor().headers() })).statusCode, 404, 'private to the importer')

  const again = await importFile(app, base, v, 'conversations.json', CHATGPT)
  t.match(again, { status: 'done', imported: 0, duplicates: 2, skipped: 1 }, 'a re-import adds no copies')
  t.equal((await chatsOf(app, v)).length, 2)
})

t.test('the export as a zip; a Claude export with content blocks, files and branches', async (t) => {
  const { app, base } = await start(t)
  const v = await signedIn(app)
  const zip = makeZip([{ name: 'user.json', data: '{}' }, { name: 'conversations.json', data: CHATGPT }, { name: 'file-abc.png', data: Buffer.alloc(64) }])
  t.match(await importFile(app, base, v, 'chatgpt-export.zip', zip), { status: 'done', format: 'chatgpt', imported: 2 })

  const claude = await importFile(app, base, v, 'data-2025.zip', makeZip([{ name: 'data-2025/conversations.json', data: CLAUDE }, { name: 'data-2025/users.json', data: '[]' }]))
  t.match(claude, { status: 'done', format: 'claude', imported: 2, skipped: 0 })
  const chats = await chatsOf(app, v)
  const csv = chats.find((chat) => chat.title === 'Reading a CSV')!
  t.equal(csv.createdAt, Date.parse('2025-03-01T10:00:00Z'))
  const messages = (await read(app, v, csv.id)).messages
  t.same(messages[0].parts, [{ type: 'text', text: 'What is the total of this file?\n\n📎 **sales.csv**\n\n```\nmonth,total\nJan,12\nFeb,30\n```' }], "the attachment's text comes with the question")
  t.same(messages[1].parts, [
    { type: 'reasoning', text: 'Add 12 and 30.', state: 'done' },
    { type: 'text', text: '**Tool call: repl**\n\n```json\n{\n  "code": "12 + 30"\n}\n```\n\n**repl result**\n\n42\n\nThe total is **42**.' },
  ])
  const colours = chats.find((chat) => chat.title === 'Imported chat')!
  t.ok(colours, 'a conversation without a name gets one')
  const branch = (await read(app, v, colours.id)).messages
  t.same(texts(branch), ['user: Name a colour', 'assistant: Green.'], 'the newest answer is shown')
  t.equal(branch[1].versions.length, 2, 'the other answer is a version')
})

t.test('our own JSON export round trip: the same chat, its branches, its system prompt', async (t) => {
  const { app, base } = await start(t)
  const v = await signedIn(app)
  const chatId = (await createChat(app, v, 'Tell me about tides')).json().id as string
  const ask = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload })
    await app.answers.get(chatId)?.settled
    return parseUiStream(res.body)
  }
  const [question] = (await read(app, v, chatId)).messages
  await ask({ messages: [question] })
  await ask({ messages: [question], trigger: 'regenerate-message' })
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { systemPrompt: 'Be brief.', title: 'Tides' } })
  const before = await read(app, v, chatId)
  const exported = (await app.inject({ url: `/api/chats/${chatId}/export?format=json`, headers: v.headers() })).body

  t.match(await importFile(app, base, v, 'Tides.json', exported), { status: 'done', format: 'chat', imported: 0, duplicates: 1 }, 'the chat is still here: nothing to add')
  await app.inject({ method: 'DELETE', url: `/api/chats/${chatId}`, headers: v.headers() })
  t.match(await importFile(app, base, v, 'Tides.json', exported), { status: 'done', imported: 1 })
  const after = await read(app, v, chatId)
  t.equal(after.chat.id, chatId, 'under its own id again: its links work')
  t.match(after.chat, { title: 'Tides', systemPrompt: 'Be brief.', createdAt: before.chat.createdAt })
  t.same(texts(after.messages), texts(before.messages), 'the branch it showed')
  t.same(after.messages.map((message: { parts: unknown }) => message.parts), before.messages.map((message: { parts: unknown }) => message.parts), 'the same parts')
  t.equal(after.messages[1].versions.length, 2, 'both answers are there')

  // Someone else importing the same file gets a copy of their own, under a new id.
  const other = await signedIn(app, 'grace@example.com')
  t.match(await importFile(app, base, other, 'Tides.json', exported), { status: 'done', imported: 1 })
  const copy = (await chatsOf(app, other))[0]!
  t.not(copy.id, chatId)
  t.equal(copy.title, 'Tides')
})

t.test('every chat at once: GET /api/export streams them all, and importing the file into another account gives them back', async (t) => {
  const { app, base } = await start(t)
  const v = await signedIn(app)
  const ids: string[] = []
  for (const topic of ['tides', 'volcanoes', 'bread']) {
    const chatId = (await createChat(app, v, `Tell me about ${topic}`)).json().id as string
    const [question] = (await read(app, v, chatId)).messages
    await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [question] } })
    await app.answers.get(chatId)?.settled
    ids.push(chatId)
  }
  await app.inject({ method: 'PATCH', url: `/api/chats/${ids[1]}`, headers: v.headers(true), payload: { systemPrompt: 'Be brief.', archived: true } })

  const res = await fetch(`${base}/api/export`, { headers: v.headers() })
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /^application\/json/)
  t.match(res.headers.get('content-disposition'), /^attachment; filename="chats-\d{4}-\d{2}-\d{2}\.json"$/)
  t.equal(res.headers.get('content-length'), null, 'streamed, not buffered')
  const file = await res.text()
  const all = JSON.parse(file) as Array<{ chat: { id: string; systemPrompt?: string; archivedAt?: number | null }; messages: unknown[] }>
  t.same(all.map((entry) => entry.chat.id).sort(), [...ids].sort(), 'every chat, archived ones too')
  t.ok(all.every((entry) => entry.messages.length === 2))
  t.equal(all.find((entry) => entry.chat.id === ids[1])!.chat.systemPrompt, 'Be brief.')

  const other = await signedIn(app, 'grace@example.com')
  t.same((await (await fetch(`${base}/api/export`, { headers: other.headers() })).json()), [], 'nothing of anyone else')
  t.match(await importFile(app, base, other, 'chats.json', file), { status: 'done', format: 'chat', imported: 3 })
  const copies = await chatsOf(app, other)
  t.equal(copies.length, 2, 'two in the history (the archived one stays archived)')
  for (const copy of copies) t.equal((await read(app, other, copy.id)).messages.length, 2)
  t.same(await (await fetch(`${base}/api/export`, { headers: visitor().headers() })).json(), [], 'a visitor with nothing gets an empty list')
})

t.test('refusals: not signed in, not a file, not an export, a zip without conversations, someone else\'s import', async (t) => {
  const { app, base } = await start(t, { IMPORT_MAX_BYTES: '4096' })
  const anonymous = visitor()
  const refusedAnonymous = await send(base, anonymous, 'conversations.json', '[]')
  t.equal(refusedAnonymous.status, 403)
  t.equal(refusedAnonymous.body.code, 'IMPORT_NEEDS_SIGN_IN')
  const v = await signedIn(app)

  const notMultipart = await app.inject({ method: 'POST', url: '/api/import', headers: v.headers(true), payload: {} })
  t.equal(notMultipart.statusCode, 415)
  t.match(notMultipart.json().message, 'conversations.json')
  const text = await send(base, v, 'notes.txt', 'Just some notes')
  t.equal(text.status, 415)
  t.equal(text.body.code, 'NOT_AN_EXPORT')
  t.match(text.body.message, /“notes\.txt” is neither JSON nor a zip\. Expected a ChatGPT or Claude export/)
  const large = await send(base, v, 'conversations.json', `[${'{"a":1},'.repeat(1000)}{}]`)
  t.equal(large.status, 413)
  t.match(large.body.message, 'larger than the 4 KB')
  const wrongField = await send(base, v, 'conversations.json', '[]', 'upload')
  t.equal(wrongField.status, 400)

  const foreign = await importFile(app, base, v, 'data.json', '[{"name": "a list of something else"}]')
  t.match(foreign, { status: 'failed', imported: 0 })
  t.match(foreign.error, /not an export this app knows\. Expected a ChatGPT or Claude export \(its conversations\.json, or the whole export \.zip\) or a chat exported here as JSON/)
  const broken = await importFile(app, base, v, 'conversations.json', '[{"mapping": {}, "title": "cut')
  t.match(broken, { status: 'failed' })
  t.match(broken.error, /ends in the middle of its JSON/)
  const emptyZip = await send(base, v, 'export.zip', makeZip([{ name: 'readme.txt', data: 'hello' }]))
  t.equal(emptyZip.status, 422, 'refused before it starts')
  t.match(emptyZip.body.message, 'The zip has no conversations.json')
  t.same(await chatsOf(app, v), [], 'nothing was imported from any of them')

  const mine = await send(base, v, 'conversations.json', '[]')
  const stranger = await signedIn(app, 'grace@example.com')
  const peek = await app.inject({ url: `/api/import/${mine.body.id}`, headers: stranger.headers() })
  t.equal(peek.statusCode, 404)
  t.equal(peek.json().code, 'IMPORT_NOT_FOUND')
})
