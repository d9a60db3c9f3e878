// What a SQLite search reads in a history where a word is common: the newest
// CHAT_SEARCH_CANDIDATES rows holding the last word whole are walked newest first and the walk stops
// there; the words it starts ("gardening" for "garden") are read only when the whole word is rarer
// than that, and then as those words, each walked whole (chat_search_words, migration 0018), not as
// a prefix: FTS5 reads every row of every word a prefix starts before returning one. And nothing
// asks FTS5 for bm25(), which counts each word's rows in the whole index on every search.
import t from 'tap'
import { sql } from 'kysely'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor } from '../helpers/chat.ts'
import { recordStatements } from '../helpers/record-statements.ts'
import { seedHistory } from '../../scripts/seed-history.ts'
import { CHAT_SEARCH_CANDIDATES, CHAT_SEARCH_PREFIX_WORDS, createChatSearch } from '../../server/services/chats/chat-search.ts'
import { ownerTag } from '../../server/db/search-words.ts'

t.test('a common word typed whole walks only its newest rows; a word being typed reads the words it starts', async (t) => {
  const { app } = await buildApp(t)
  if (app.dbDialect !== 'sqlite') return t.pass('PostgreSQL ranks stored vectors (message_search)')
  const v = visitor()
  const first = (await createChat(app, v, 'Hello')).json().id as string
  const { owner_id: owner } = await app.db.selectFrom('chats').select('owner_id').where('id', '=', first).executeTakeFirstOrThrow()
  // 6,000 seeded messages, "garden" in more than 2,000 of them; then a newer note.
  await seedHistory(app.db, owner, { chats: 30, messages: 6000, idPrefix: 'cost', now: Date.now() - 60_000 })
  const own = (await createChat(app, v, 'A note about gardening')).json().id as string

  const { db: recording, statements } = recordStatements(app.db)
  const search = createChatSearch(recording, 'sqlite')
  // The MATCH expressions asked for: quoted words, a trailing * for a prefix, OR between the words a prefix starts.
  const matches = () => statements.filter((statement) => /\bMATCH\b/.test(statement.sql)).flatMap((statement) => statement.parameters.filter((value): value is string => typeof value === 'string' && value.includes('"')))

  const common = await search.search(owner, 'garden', 20)
  t.ok(common.length > 0, `chats found (${common.length})`)
  t.ok(common.every((hit) => hit.highlights.length > 0 && /^garden$/i.test(hit.snippet.slice(...hit.highlights[0]!))), 'each with "garden" in its snippet')
  t.notOk(common.some((hit) => hit.chatId === own), 'the note, the newest chat, holds "gardening" only: 2,000 rows hold "garden" whole, so it is not read')
  t.ok(matches().length > 0 && matches().every((match) => !match.endsWith('*')), 'walks of the whole word only, never of the words it starts')
  t.notOk(statements.some((statement) => /bm25\(/.test(statement.sql)), 'no bm25()')
  const walked = await sql<{ n: number }>`SELECT count(*) AS n FROM chat_search WHERE chat_search MATCH ${matches()[0]}`.execute(app.db)
  t.ok(walked.rows[0]!.n > CHAT_SEARCH_CANDIDATES, `the whole word is in more rows than are ranked (${walked.rows[0]!.n})`)

  statements.length = 0
  const typing = await search.search(owner, 'garde', 20)
  t.ok(typing.some((hit) => hit.chatId === own), 'a word being typed also finds the chat holding only a longer word it starts')
  const tag = ownerTag(owner)
  await sql`CREATE VIRTUAL TABLE temp.search_terms USING fts5vocab(main, chat_search, row)`.execute(app.db)
  const { rows: started } = await sql<{ term: string }>`SELECT term FROM temp.search_terms WHERE term >= ${`${tag}garde`} AND term < ${`${tag}gardf`}`.execute(app.db)
  t.ok(started.length >= 2, `the index holds several words starting with "garde" (${started.length})`)
  t.same(
    matches(),
    [`"${tag}garde"`, `(${started.map((row) => `"${row.term}"`).join(' OR ')})`],
    'the whole word first (rarer than the limit: none), then each word of theirs it starts, whole: never a prefix',
  )

  statements.length = 0
  const longest = await search.search(owner, 'gardening', 20)
  t.ok(longest.some((hit) => hit.chatId === own), 'a word that starts no longer word of theirs finds its chats')
  t.same(matches(), [`"${tag}gardening"`], 'with one walk, of the word whole')
})

t.test('a start of more words than are walked one by one is read as a prefix, and finds the same', async (t) => {
  const { app } = await buildApp(t)
  if (app.dbDialect !== 'sqlite') return t.pass('PostgreSQL ranks stored vectors (message_search)')
  const v = visitor()
  const many = Array.from({ length: CHAT_SEARCH_PREFIX_WORDS + 1 }, (_, index) => `zq${index}`).join(' ')
  const chat = (await createChat(app, v, `Codes: ${many}`)).json().id as string
  const { owner_id: owner } = await app.db.selectFrom('chats').select('owner_id').where('id', '=', chat).executeTakeFirstOrThrow()
  const { db: recording, statements } = recordStatements(app.db)
  const search = createChatSearch(recording, 'sqlite')
  // The MATCH expression of each statement that walks the index (its quoted words; other parameters hold none).
  const matched = () => statements.filter((statement) => /\bMATCH\b/.test(statement.sql)).map((statement) => statement.parameters.find((value) => typeof value === 'string' && value.includes('"')))

  t.same((await search.search(owner, 'zq', 20)).map((hit) => hit.chatId), [chat], `"zq" starts ${CHAT_SEARCH_PREFIX_WORDS + 1} of their words: found`)
  t.match(matched().at(-1), /^"\w+zq"\*$/, 'read as a prefix')
  statements.length = 0
  t.same((await search.search(owner, 'zq6', 20)).map((hit) => hit.chatId), [chat], '"zq6" starts 11 of them: found')
  t.match(matched().at(-1), /^\("\w+zq6" OR /, 'walked as those words')
  statements.length = 0
  t.same(await search.search(owner, 'zqx', 20), [], 'a start of none of their words finds nothing')
})
