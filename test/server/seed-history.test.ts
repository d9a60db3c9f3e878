// The seeded history of `npm run seed` / `bench:history` is a history the app reads as
// its own, on SQLite and PostgreSQL: the sidebar pages through it newest first, a chat opens with its
// messages in order, search finds its words; a second seeding adds to it. And a common word's
// search stays bounded to the owner's newest CHAT_SEARCH_CANDIDATES matching rows.
import t from 'tap'
import { buildAppOn, DIALECTS } from '../helpers/postgres-dialects.ts'
import { seedHistory } from '../../scripts/seed-history.ts'

const HEADERS = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }

for (const dialect of DIALECTS) {
  t.test(`a seeded history reads as the app's own (${dialect})`, async (t) => {
    const built = await buildAppOn(t, dialect)
    if (!built) return
    const { app } = built
    const signUp = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers: HEADERS, payload: { email: 'seed@example.com', password: 'seeded history 2026' } })
    t.equal(signUp.statusCode, 201)
    const cookie = String(signUp.headers['set-cookie']).split(';')[0]!
    const { id } = await app.db.selectFrom('users').select('id').where('email', '=', 'seed@example.com').executeTakeFirstOrThrow()
    const now = Date.now()
    const ids = await seedHistory(app.db, id, { chats: 60, messages: 610, idPrefix: 'one', now })
    t.equal(ids.length, 60)
    await t.rejects(seedHistory(app.db, id, { chats: 5, messages: 4, idPrefix: 'bad' }), /--messages must be a whole number of at least --chats/)

    const get = (url: string) => app.inject({ url, headers: { cookie } })
    const first = (await get('/api/chats')).json()
    t.equal(first.chats[0].id, ids[0], 'the newest chat first')
    t.ok(first.nextCursor, 'more pages')
    const seen = new Set<string>(first.chats.map((chat: { id: string }) => chat.id))
    for (let cursor = first.nextCursor; cursor; ) {
      const page = (await get(`/api/chats?cursor=${encodeURIComponent(cursor)}`)).json()
      for (const chat of page.chats) seen.add(chat.id)
      cursor = page.nextCursor
    }
    t.equal(seen.size, 60, 'paging reaches every chat once')

    const opened = (await get(`/api/chats/${ids[0]}`)).json()
    t.equal(opened.messages.length, 11, 'the remainder goes to the first chats (610 = 60 × 10 + 10)')
    t.same(opened.messages.slice(0, 2).map((message: { role: string }) => message.role), ['user', 'assistant'])
    t.match(opened.messages[0].parts[0].text, /^Question about .* topic\d+\.$/)

    const word = opened.messages[0].parts[0].text.match(/topic\d+/)![0]
    const found = (await get(`/api/chats/search?q=${word}`)).json().results
    t.ok(found.some((hit: { chatId: string }) => hit.chatId === ids[0]), `search finds “${word}”`)
    for (const hit of found) for (const [start, end] of hit.highlights) t.match(hit.snippet.slice(start, end), new RegExp(word, 'i'))

    const more = await seedHistory(app.db, id, { chats: 2, messages: 2, idPrefix: 'two', now: now + 1000 })
    t.equal((await get('/api/chats')).json().chats[0].id, more[0], 'a second seeding adds newer chats')
  })
}
