// Long chats open light: a chat page carries the latest CHAT_PAGE_MESSAGES messages of
// the shown branch and says whether earlier ones exist; `GET /api/chats/:id?before=…&limit=…` reads
// the earlier ones page by page (owner and public readers alike); without either parameter the API
// still gives the whole branch. A forked chat's window is its shown branch.
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { appState } from '../helpers/html.ts'
import { createChat, userMessage, visitor } from '../helpers/chat.ts'
import { seedHistory } from '../../scripts/seed-history.ts'
import { CHAT_PAGE_MESSAGES } from '../../shared/constants.ts'

type Message = { id: string; role: string; parts: Array<{ text?: string }>; versions?: string[] }

t.test('a long chat opens with its latest messages and pages back to its first', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const owner = visitor()
  const first = (await createChat(app, owner, 'Hello')).json().id as string
  const { owner_id: ownerId } = await app.db.selectFrom('chats').select('owner_id').where('id', '=', first).executeTakeFirstOrThrow()
  const [chatId] = await seedHistory(app.db, ownerId, { chats: 1, messages: 100, idPrefix: 'long' })
  const texts = (messages: Message[]) => messages.map((message) => message.parts[0]!.text!.slice(0, 12))

  const page = await app.inject({ url: `/chat/${chatId}`, headers: { ...browser, ...owner.headers() } })
  t.equal(page.statusCode, 200)
  const data = appState(page.body).data as { messages: Message[]; hasEarlier?: boolean }
  t.equal(data.messages.length, CHAT_PAGE_MESSAGES, 'the page carries the latest messages only')
  t.equal(data.hasEarlier, true)
  t.same(data.messages.map((message) => message.id), Array.from({ length: CHAT_PAGE_MESSAGES }, (_, i) => `${chatId}-m${100 - CHAT_PAGE_MESSAGES + i}`), 'oldest first, ending with the last')
  t.notOk(page.body.includes(`${chatId}-m0"`), 'the first message is not in the HTML')

  // Paging back: every message once, in order, and no more after the first.
  const seen: string[] = [...data.messages.map((message) => message.id)]
  let before = data.messages[0]!.id
  for (let pages = 0; pages < 10; pages++) {
    const res = await app.inject({ url: `/api/chats/${chatId}?before=${before}`, headers: owner.headers() })
    t.equal(res.statusCode, 200)
    const body = res.json() as { messages: Message[]; hasEarlier?: boolean }
    seen.unshift(...body.messages.map((message) => message.id))
    before = body.messages[0]!.id
    if (!body.hasEarlier) break
  }
  t.same(seen, Array.from({ length: 100 }, (_, i) => `${chatId}-m${i}`), 'pages back to the first message, each once')

  const all = (await app.inject({ url: `/api/chats/${chatId}`, headers: owner.headers() })).json()
  t.equal(all.messages.length, 100, 'without parameters the API gives the whole branch')
  t.notOk('hasEarlier' in all)
  const last5 = (await app.inject({ url: `/api/chats/${chatId}?limit=5`, headers: owner.headers() })).json()
  t.same(texts(last5.messages).length, 5)
  t.equal(last5.hasEarlier, true)

  const bad = await app.inject({ url: `/api/chats/${chatId}?before=nope`, headers: owner.headers() })
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { code: 'BAD_BEFORE', message: 'before is not a message of this chat' })
  t.equal((await app.inject({ url: `/api/chats/${chatId}?limit=0`, headers: owner.headers() })).statusCode, 400)
  t.equal((await app.inject({ url: `/api/chats/${chatId}?limit=501`, headers: owner.headers() })).statusCode, 400)
  t.equal((await app.inject({ url: `/api/chats/${chatId}?before=${chatId}-m50`, headers: visitor().headers() })).statusCode, 404, 'nobody else reads a private chat’s pages')

  // A public chat: its readers get the same windows.
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { visibility: 'public' } })
  const reader = visitor()
  const read = (await app.inject({ url: `/api/chats/${chatId}?before=${chatId}-m50&limit=10`, headers: reader.headers() })).json()
  t.same(read.messages.map((message: Message) => message.id), Array.from({ length: 10 }, (_, i) => `${chatId}-m${40 + i}`))
  t.equal(read.hasEarlier, true)
})

t.test('a forked chat’s window is its shown branch, versions included', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const owner = visitor()
  const first = (await createChat(app, owner, 'Hello')).json().id as string
  const { owner_id: ownerId } = await app.db.selectFrom('chats').select('owner_id').where('id', '=', first).executeTakeFirstOrThrow()
  const [chatId] = await seedHistory(app.db, ownerId, { chats: 1, messages: 100, idPrefix: 'fork' })
  // A new version of the question at 98: it follows the answer at 97.
  const sent = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { messages: [userMessage('A second version', 'v2')], parentId: `${chatId}-m97` } })
  t.equal(sent.statusCode, 200)
  const page = (await app.inject({ url: `/api/chats/${chatId}?limit=${CHAT_PAGE_MESSAGES}`, headers: owner.headers() })).json() as { messages: Message[]; hasEarlier: boolean }
  const ids = page.messages.map((message) => message.id)
  t.equal(ids.length, CHAT_PAGE_MESSAGES)
  t.same(ids.slice(-2, -1), ['v2'], 'the new version is in the window')
  t.notOk(ids.includes(`${chatId}-m98`), 'the old version is not')
  t.same(page.messages.find((message) => message.id === 'v2')!.versions, [`${chatId}-m98`, 'v2'], 'with its versions')
  t.equal(ids[0], `${chatId}-m${98 - (CHAT_PAGE_MESSAGES - 2)}`)
  const earlier = (await app.inject({ url: `/api/chats/${chatId}?before=${ids[0]}&limit=200`, headers: owner.headers() })).json()
  t.equal(earlier.messages.length, 98 - (CHAT_PAGE_MESSAGES - 2))
  t.notOk(earlier.hasEarlier)
})

t.test('the find bar’s API: messages of the shown branch holding a text, with how many follow each', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const owner = visitor()
  const first = (await createChat(app, owner, 'Hello')).json().id as string
  const { owner_id: ownerId } = await app.db.selectFrom('chats').select('owner_id').where('id', '=', first).executeTakeFirstOrThrow()
  const [chatId] = await seedHistory(app.db, ownerId, { chats: 1, messages: 100, idPrefix: 'find' })
  const messages = (await app.inject({ url: `/api/chats/${chatId}`, headers: owner.headers() })).json().messages as Message[]
  const find = (q: string, who = owner) => app.inject({ url: `/api/chats/${chatId}/find?q=${encodeURIComponent(q)}`, headers: who.headers() })

  // A word of message 3's text, in other letter case: every message holding it, oldest first.
  const word = messages[3]!.parts[0]!.text!.match(/topic\d+/)![0]
  const res = await find(word.toUpperCase())
  t.equal(res.statusCode, 200)
  const matches = res.json().matches as Array<{ id: string; after: number }>
  const expected = messages.flatMap((message, index) => (message.parts[0]!.text!.toLowerCase().includes(word) ? [{ id: message.id, after: 99 - index }] : []))
  t.ok(expected.length >= 1)
  t.same(matches, expected)
  t.same((await find('no such words anywhere')).json(), { matches: [] })
  t.equal((await find('   ')).statusCode, 400)
  t.match((await find('x'.repeat(201))).json(), { code: 'BAD_QUERY' })
  t.equal((await find(word, visitor())).statusCode, 404, 'nobody else finds in a private chat')
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { visibility: 'public' } })
  t.same((await find(word, visitor())).json().matches, expected, 'a public chat’s readers can')

  // A new version of the last question: only the shown branch is searched.
  await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { messages: [userMessage('Needle in the new version', 'nv')], parentId: `${chatId}-m97` } })
  // (The offline model's answer repeats the question.)
  t.same((await find('needle')).json().matches.map((match: { after: number }) => match.after), [1, 0])
  t.equal((await find('needle')).json().matches[0].id, 'nv')
  const oldText = messages[98]!.parts[0]!.text!.slice(0, 40)
  t.notOk((await find(oldText)).json().matches.some((match: { id: string }) => match.id === `${chatId}-m98`), 'the hidden version is not found')
})
