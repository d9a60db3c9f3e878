// GET /api/chats/search: full-text search over the owner's chat titles and message text, best
// matches first, on SQLite (FTS5) and on PostgreSQL (tsvector) alike.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor, type Visitor } from '../helpers/chat.ts'
import { answerWith } from '../helpers/scripted-model.ts'
import { buildAppOn, DIALECTS, type Dialect } from '../helpers/postgres-dialects.ts'
import type { ChatSearchHit } from '../../shared/chat-search.ts'

type Hit = ChatSearchHit

async function search(app: FastifyInstance, v: Visitor, q: string, query = '') {
  return app.inject({ url: `/api/chats/search?q=${encodeURIComponent(q)}${query}`, headers: v.headers() })
}

async function hits(app: FastifyInstance, v: Visitor, q: string): Promise<Hit[]> {
  const res = await search(app, v, q)
  if (res.statusCode !== 200) throw new Error(`search ${JSON.stringify(q)}: ${res.statusCode} ${res.body}`)
  return res.json().results
}

async function chatWith(app: FastifyInstance, v: Visitor, text: string, title?: string): Promise<string> {
  const res = await createChat(app, v, text)
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`)
  const id = res.json().id as string
  if (title) await app.inject({ method: 'PATCH', url: `/api/chats/${id}`, headers: v.headers(true), payload: { title } })
  return id
}

/** Runs `fn` once per dialect, each with its own app and empty database. */
function eachDialect(name: string, fn: (t: Test, app: FastifyInstance, dialect: Dialect) => Promise<void>) {
  t.test(name, async (t) => {
    for (const dialect of DIALECTS) {
      await t.test(dialect, async (t) => {
        const built = await buildAppOn(t, dialect)
        if (!built) return
        const { app } = built
        t.equal(app.dbDialect, dialect)
        await fn(t, app, dialect)
      })
    }
  })
}

eachDialect('finds chats by title and by message text, questions and answers alike', async (t, app) => {
  const v = visitor()
  const byTitle = await chatWith(app, v, 'something unrelated', 'Sourdough starter notes')
  const byQuestion = await chatWith(app, v, 'How do I configure a reverse proxy for websockets?')
  const byAnswer = await chatWith(app, v, 'Tell me about fermentation')
  await answerWith(app, v, byAnswer, ['Lactobacillus ', 'bacteria ', 'convert ', 'sugars.'])

  const title = await hits(app, v, 'sourdough')
  t.same(title.map((hit) => hit.chatId), [byTitle])
  t.match(title[0], { title: 'Sourdough starter notes', messageId: null, updatedAt: Number })
  t.same([title[0]!.snippet, title[0]!.highlights], ['Sourdough starter notes', [[0, 9]]], 'a title hit shows the title, its word marked')

  const question = await hits(app, v, 'websockets')
  t.same(question.map((hit) => hit.chatId), [byQuestion])
  const stored = (await app.inject({ url: `/api/chats/${byQuestion}`, headers: v.headers() })).json()
  t.equal(question[0]!.messageId, stored.messages[0].id, 'the hit names the message that matched')

  t.same((await hits(app, v, 'lactobacillus')).map((hit) => hit.chatId), [byAnswer], 'a streamed answer is indexed once stored')
  t.same((await hits(app, v, 'REVERSE Proxy')).map((hit) => hit.chatId), [byQuestion], 'case-insensitive, all words')
  t.same(await hits(app, v, 'reverse sourdough'), [], 'every word must occur in the same title or message')
  t.same((await hits(app, v, 'websock')).map((hit) => hit.chatId), [byQuestion], 'the last word matches as a prefix (search as you type)')
  t.same(await hits(app, v, 'zyzzyva'), [])
})

eachDialect('chats that change owner (an anonymous visitor signs in) are found by their new owner only', async (t, app) => {
  const before = visitor()
  const after = visitor()
  const moved = await chatWith(app, before, 'notes about marmalade oranges')
  const kept = await chatWith(app, after, 'a chat of my own')
  const ownerOf = async (chatId: string) => (await app.db.selectFrom('chats').select('owner_id').where('id', '=', chatId).executeTakeFirstOrThrow()).owner_id
  t.equal(await app.chats.moveOwner(await ownerOf(moved), await ownerOf(kept)), 1)
  t.same((await hits(app, after, 'marmalade')).map((hit) => hit.chatId), [moved], 'the message is found by its new owner')
  t.same(await hits(app, before, 'marmalade'), [], 'and no longer by the old one')
})

eachDialect('best matches first: a title hit or several hits outrank one passing mention', async (t, app) => {
  const v = visitor()
  const filler = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'
  const passing = await chatWith(app, v, `${filler} by the way there is a garden ${filler} ${filler}`)
  const titled = await chatWith(app, v, 'what grows well in shade?', 'Garden planning')
  const several = await chatWith(app, v, 'My garden has clay soil: which garden plants cope?')
  await answerWith(app, v, several, ['A ', 'clay ', 'garden ', 'suits ', 'roses.'])

  const results = await hits(app, v, 'garden')
  t.equal(results.length, 3, 'one result per chat')
  t.equal(results.at(-1)!.chatId, passing, 'the single mention in a long message comes last')
  t.same(new Set(results.slice(0, 2).map((hit) => hit.chatId)), new Set([titled, several]))
  t.equal(results.find((hit) => hit.chatId === titled)!.messageId, null, 'the title was its best match')

  const limited = await search(app, v, 'garden', '&limit=1')
  t.equal(limited.json().results.length, 1, 'limit caps the results')
  t.equal(limited.json().results[0].chatId, results[0]!.chatId)
})

eachDialect('a title counts as four messages: an older chat named for the word outranks newer passing mentions', async (t, app) => {
  const v = visitor()
  const named = await chatWith(app, v, 'what grows well in shade?', 'Garden planning')
  const mentions = await chatWith(app, v, 'There is a garden behind the school.', 'School')
  await answerWith(app, v, mentions, ['The ', 'garden ', 'is ', 'open ', 'on ', 'Sundays.'])
  t.same((await hits(app, v, 'garden')).map((hit) => hit.chatId), [named, mentions], 'one title hit above two newer message hits')
})

eachDialect('a whole word outranks a longer word it starts (the last word is also a prefix)', async (t, app) => {
  const v = visitor()
  const whole = await chatWith(app, v, 'Notes about the garden today')
  const longer = await chatWith(app, v, 'Notes about the gardening today')
  t.same((await hits(app, v, 'garden')).map((hit) => hit.chatId), [whole, longer], 'the newer chat holds "gardening" only')
  t.same((await hits(app, v, 'notes garden')).map((hit) => hit.chatId), [whole, longer], 'and after other words')
  t.same((await hits(app, v, 'garde')).map((hit) => hit.chatId), [longer, whole], 'a word being typed: newest first, as before')
})

eachDialect('equal matches: the chat that mentioned it last comes first, whatever was said since', async (t, app) => {
  const v = visitor()
  const older = await chatWith(app, v, 'Which telescope for a beginner?', 'Stargazing')
  const newer = await chatWith(app, v, 'Which telescope for a balcony?', 'Astronomy')
  // The older chat goes on about something else: active last, but its mention is the older one.
  await answerWith(app, v, older, ['Binoculars ', 'first.'])
  t.same((await hits(app, v, 'telescope')).map((hit) => hit.chatId), [newer, older])
})

eachDialect('the snippet is plain text around the match, with the matched words as ranges', async (t, app) => {
  const v = visitor()
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`)
  words.splice(40, 0, 'Photosynthesis')
  await chatWith(app, v, `${words.join(' ')}\n\n<b>tags</b> & "quotes" stay text`)
  await chatWith(app, v, 'about <script>alert(1)</script> photosynthesis')

  const results = await hits(app, v, 'photosynthesis')
  t.equal(results.length, 2)
  for (const hit of results) {
    t.ok(hit.highlights.length > 0, 'at least one highlight')
    for (const [start, end] of hit.highlights) t.equal(hit.snippet.slice(start, end).toLowerCase(), 'photosynthesis', `${hit.snippet} [${start}, ${end})`)
    t.notMatch(hit.snippet, /[\uE000\uE001\n]/, 'no markers, one line')
  }
  const long = results.find((hit) => hit.snippet.includes('word'))!
  t.ok(long.snippet.length < words.join(' ').length / 2, 'a short excerpt, not the whole message')
  t.match(long.snippet, /word4\d/, 'words around the match')
  const raw = results.find((hit) => hit.snippet.includes('script'))!
  t.match(raw.snippet, '<script>', 'markup comes back as the text it is (the client renders text)')
})

eachDialect('only the owner\'s chats are searched', async (t, app) => {
  const owner = visitor()
  const stranger = visitor()
  const mine = await chatWith(app, owner, 'my secret recipe for marmalade')
  const theirs = await chatWith(app, stranger, 'their marmalade question')
  await app.inject({ method: 'PATCH', url: `/api/chats/${theirs}`, headers: stranger.headers(true), payload: { visibility: 'public' } })

  t.same((await hits(app, owner, 'marmalade')).map((hit) => hit.chatId), [mine])
  t.same((await hits(app, stranger, 'marmalade')).map((hit) => hit.chatId), [theirs], 'a public chat is not everyone\'s to search')
  t.same(await hits(app, visitor(), 'marmalade'), [], 'a new visitor finds nothing')
})

eachDialect('q must be 1 to 200 characters', async (t, app) => {
  const v = visitor()
  await chatWith(app, v, 'hello there')
  for (const url of ['/api/chats/search', '/api/chats/search?q=', '/api/chats/search?q=%20%20%20', `/api/chats/search?q=${'a'.repeat(201)}`, `/api/chats/search?q=${'a'.repeat(5000)}`]) {
    const res = await app.inject({ url, headers: v.headers() })
    t.equal(res.statusCode, 400, url.slice(0, 40))
    t.match(res.json(), { statusCode: 400, code: String, message: String })
  }
  t.equal((await search(app, v, ` ${'a'.repeat(200)} `)).statusCode, 200, '200 characters after trimming is fine')
  for (const limit of ['0', '51', 'x']) t.equal((await search(app, v, 'hello', `&limit=${limit}`)).statusCode, 400, `limit=${limit}`)
})

eachDialect('search syntax in the query is read as plain words, never an error', async (t, app) => {
  const v = visitor()
  const chat = await chatWith(app, v, 'The NEAR-term plan: ship "version 2" with tests*')
  const hostile = [
    '"', '""', '"unbalanced', '*', '-', '-plan', 'plan -ship', 'NEAR', 'NEAR(plan ship)', 'plan NEAR/2 ship', 'title:plan', 'body:plan',
    'plan:*', 'plan & ship', 'plan | ship', '!plan', '(plan', 'plan)', "plan'", "'", '\\', '^plan', '{plan}', 'AND', 'OR NOT', 'plan AND',
    '%', '_', '--', ';DROP TABLE chats;--', '\u0000', 'ünïcödé', '日本語', '🙂', ':', '+', 'a:b:c',
  ]
  for (const q of hostile) {
    const res = await search(app, v, q)
    t.equal(res.statusCode, 200, JSON.stringify(q))
  }
  t.same((await hits(app, v, '"version 2"')).map((hit) => hit.chatId), [chat], 'quoted words are words')
  t.same((await hits(app, v, 'NEAR-term plan*')).map((hit) => hit.chatId), [chat], 'operators are words or ignored')
  t.same((await hits(app, v, 'tests*')).map((hit) => hit.chatId), [chat])
  t.same((await hits(app, v, 'plan -ship')).map((hit) => hit.chatId), [chat], 'a minus does not exclude')
  t.equal((await app.inject({ url: `/api/chats/${chat}`, headers: v.headers() })).statusCode, 200, 'the chats are all still there')

  // Text PostgreSQL's jsonb cannot hold (a NUL character) is still stored, and the rest of it found.
  const nul = await createChat(app, v, 'odd\u0000bytes and \\u0000 escapes')
  t.equal(nul.statusCode, 201, 'a message with a NUL character is stored')
  t.same((await hits(app, v, 'escapes')).map((hit) => hit.chatId), [nul.json().id])
})

eachDialect('a deleted chat disappears from the results, with its messages', async (t, app) => {
  const v = visitor()
  const kept = await chatWith(app, v, 'keep this note about telescopes')
  const gone = await chatWith(app, v, 'delete this note about telescopes', 'Telescopes to delete')
  await answerWith(app, v, gone, ['Refractors ', 'and ', 'telescopes.'])
  t.equal((await hits(app, v, 'telescopes')).length, 2)
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${gone}`, headers: v.headers() })).statusCode, 204)
  t.same((await hits(app, v, 'telescopes')).map((hit) => hit.chatId), [kept])
  t.same(await hits(app, v, 'refractors'), [], 'its answer went too')
})

eachDialect('a renamed chat is found by its new title, not its old one', async (t, app) => {
  const v = visitor()
  const chat = await chatWith(app, v, 'anything', 'Quarterly budget')
  t.same((await hits(app, v, 'quarterly')).map((hit) => hit.chatId), [chat])
  await app.inject({ method: 'PATCH', url: `/api/chats/${chat}`, headers: v.headers(true), payload: { title: 'Holiday itinerary' } })
  t.same(await hits(app, v, 'quarterly'), [])
  const found = await hits(app, v, 'itinerary')
  t.same(found.map((hit) => hit.chatId), [chat])
  t.equal(found[0]!.title, 'Holiday itinerary')
})

eachDialect('an edit drops the truncated messages from the results', async (t, app) => {
  const v = visitor()
  const chat = await chatWith(app, v, 'first question about volcanoes')
  await answerWith(app, v, chat, ['Magma ', 'chambers.'])
  const stored = (await app.inject({ url: `/api/chats/${chat}`, headers: v.headers() })).json()
  t.equal((await hits(app, v, 'magma')).length, 1)
  const res = await app.inject({ method: 'DELETE', url: `/api/chats/${chat}/messages`, headers: v.headers(true), payload: { messageId: stored.messages[1].id, type: 'regenerate' } })
  t.equal(res.statusCode, 200)
  t.same(await hits(app, v, 'magma'), [])
  t.equal((await hits(app, v, 'volcanoes')).length, 1)
})

t.test('/api/chats/search is the search, and "search" cannot be a chat id', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  const res = await createChat(app, v, 'hello', 'search')
  t.equal(res.statusCode, 400)
  t.equal(res.json().code, 'BAD_CHAT_ID')
  const other = await createChat(app, v, 'hello', 'searching')
  t.equal(other.statusCode, 201, 'only the exact path is reserved')
  t.equal((await app.inject({ url: '/api/chats/searching', headers: v.headers() })).statusCode, 200)
  t.equal((await app.inject({ url: '/api/chats/search?q=hello', headers: v.headers() })).json().results.length, 1)
})
