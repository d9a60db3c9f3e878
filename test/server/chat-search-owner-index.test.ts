// SQLite's search index keeps each owner's words apart (migration 0017_owner_search_words): a
// search walks only the searching owner's rows of a word, so a word common in someone else's big
// history costs a light user nothing (bench:history: 370 ms before, for a 100-chat owner).
// PostgreSQL keeps the owner with each message's vector instead (message_search, 0014).
import t from 'tap'
import { sql } from 'kysely'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor } from '../helpers/chat.ts'
import { endOfWordsStartingWith, ownerTag } from '../../server/db/search-words.ts'
import { answerWith } from '../helpers/scripted-model.ts'
import type { FastifyInstance } from 'fastify'

async function ownerOf(app: FastifyInstance, chatId: string): Promise<string> {
  return (await app.db.selectFrom('chats').select('owner_id').where('id', '=', chatId).executeTakeFirstOrThrow()).owner_id
}

t.test("one owner's word is stored and walked apart from every other owner's", async (t) => {
  const { app } = await buildApp(t)
  if (app.dbDialect !== 'sqlite') return t.pass('PostgreSQL: the owner is a column of message_search')
  const light = visitor()
  const heavy = visitor()
  for (let index = 0; index < 5; index++) t.equal((await createChat(app, heavy, `My garden, day ${index}`)).statusCode, 201)
  t.equal((await createChat(app, light, 'A garden of my own')).statusCode, 201)
  const lightChat = (await app.inject({ url: '/api/chats', headers: light.headers() })).json().chats[0].id as string
  const lightOwner = await ownerOf(app, lightChat)

  // What a search for the light owner's "garden" walks: the rows under that owner's tag only.
  const { rows } = await sql<{ chat_id: string }>`
    SELECT DISTINCT d.chat_id FROM chat_search JOIN chat_search_docs AS d ON d.id = chat_search.rowid
    WHERE chat_search MATCH ${`"${ownerTag(lightOwner)}garden"*`}`.execute(app.db)
  t.same(rows.map((row) => row.chat_id), [lightChat], "the light owner's garden only: none of the other five")

  // Every word in the index carries a tag: nothing is stored where all owners' lists meet.
  await sql`CREATE VIRTUAL TABLE temp.search_terms USING fts5vocab(main, chat_search, row)`.execute(app.db)
  const { rows: terms } = await sql<{ term: string }>`SELECT term FROM temp.search_terms`.execute(app.db)
  const owners = (await app.db.selectFrom('chats').select('owner_id').distinct().execute()).map((row) => ownerTag(row.owner_id))
  t.ok(terms.length > 5)
  t.same(terms.filter((row) => !owners.some((tag) => row.term.startsWith(tag))), [], 'every indexed word starts with its owner’s tag')
  t.ok(terms.some((row) => row.term === `${ownerTag(lightOwner)}garden`))
})

t.test('a chat and its messages are indexed again when the chat changes owner, and gone when deleted', async (t) => {
  const { app } = await buildApp(t)
  if (app.dbDialect !== 'sqlite') return t.pass('PostgreSQL: the owner is a column of message_search')
  const before = visitor()
  const after = visitor()
  const moved = (await createChat(app, before, 'quince jelly recipe')).json().id as string
  const mine = (await createChat(app, after, 'something else')).json().id as string
  const [from, to] = [await ownerOf(app, moved), await ownerOf(app, mine)]
  const count = async (owner: string) =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM chat_search WHERE chat_search MATCH ${`"${ownerTag(owner)}quince"`}`.execute(app.db)).rows[0]!.n)
  const rows = await count(from)
  t.equal(rows, 2, 'its title (made from the question) and its question')
  await app.chats.moveOwner(from, to)
  t.same([await count(from), await count(to)], [0, rows], 'the words moved to the new owner’s tag')
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${moved}`, headers: after.headers() })).statusCode, 204)
  t.equal(await count(to), 0, 'deleted with the chat')
})

t.test("two owners sharing a tag would walk each other's rows, and still see only their own chats", async (t) => {
  const { app } = await buildApp(t)
  if (app.dbDialect !== 'sqlite') return t.pass('PostgreSQL: the owner is a column of message_search')
  const me = visitor()
  const someone = visitor()
  const mine = (await createChat(app, me, 'my quince tart')).json().id as string
  const theirs = (await createChat(app, someone, 'their quince jam')).json().id as string
  const myTag = ownerTag(await ownerOf(app, mine))
  // Their question's words filed under my tag, as a shared tag would have filed them.
  const { rows } = await sql<{ id: number }>`SELECT id FROM chat_search_docs WHERE chat_id = ${theirs} AND message_id IS NOT NULL`.execute(app.db)
  const doc = rows[0]!
  await sql`DELETE FROM chat_search WHERE rowid = ${doc.id}`.execute(app.db)
  await sql`INSERT INTO chat_search (rowid, title, body) VALUES (${doc.id}, '', ${`${myTag}their ${myTag}quince ${myTag}jam`})`.execute(app.db)
  const found = (await app.inject({ url: '/api/chats/search?q=quince', headers: me.headers() })).json().results as Array<{ chatId: string }>
  t.same(found.map((hit) => hit.chatId), [mine], 'their chat is walked but never shown')
  const jam = (await app.inject({ url: '/api/chats/search?q=jam', headers: me.headers() })).json().results
  t.same(jam, [], 'a word only their chat holds finds nothing')
})

t.test('every word in the index is in the list of words its owner has used, whatever wrote it', async (t) => {
  const { app } = await buildApp(t)
  if (app.dbDialect !== 'sqlite') return t.pass('PostgreSQL searches a word being typed as a prefix of its stored vectors')
  const before = visitor()
  const after = visitor()
  const chat = (await createChat(app, before, 'Rhubarb crumble questions')).json().id as string
  // An answer streamed in (its message is written, then rewritten as its words arrive).
  await answerWith(app, before, chat, ['Stewed ', 'rhubarb ', 'needs ', 'sugar.'])
  t.equal((await app.inject({ method: 'PATCH', url: `/api/chats/${chat}`, headers: before.headers(true), payload: { title: 'Orchard planning' } })).statusCode, 200)
  const mine = (await createChat(app, after, 'Quinces')).json().id as string
  await app.chats.moveOwner(await ownerOf(app, chat), await ownerOf(app, mine))

  await sql`CREATE VIRTUAL TABLE temp.search_terms USING fts5vocab(main, chat_search, row)`.execute(app.db)
  const { rows: missing } = await sql<{ term: string }>`
    SELECT term FROM temp.search_terms WHERE term NOT IN (SELECT word FROM chat_search_words)`.execute(app.db)
  t.same(missing, [], 'none missing')
  const tag = ownerTag(await ownerOf(app, mine))
  const { rows: theirs } = await sql<{ word: string }>`SELECT word FROM chat_search_words WHERE word >= ${tag} AND word < ${endOfWordsStartingWith(tag)}`.execute(app.db)
  t.same(
    theirs.map((row) => row.word.slice(tag.length)).sort(),
    ['crumble', 'needs', 'orchard', 'planning', 'questions', 'quinces', 'rhubarb', 'stewed', 'sugar'],
    "the new owner's words: the moved chat's title, question and answer, and their own chat's (its title and question are the same word)",
  )
})

t.test("an owner's list of words goes with their last chat: deleted, all deleted, swept or moved", async (t) => {
  const { app } = await buildApp(t)
  if (app.dbDialect !== 'sqlite') return t.pass('PostgreSQL keeps no list of words')
  const listed = async (chatId: string) => {
    const tag = ownerTag(await ownerOf(app, chatId))
    return async () => (await sql<{ word: string }>`SELECT word FROM chat_search_words WHERE word >= ${tag} AND word < ${endOfWordsStartingWith(tag)}`.execute(app.db)).rows.map((row) => row.word.slice(tag.length)).sort()
  }

  const one = visitor()
  const first = (await createChat(app, one, 'Pumpkin soup')).json().id as string
  const second = (await createChat(app, one, 'Leek tart')).json().id as string
  const wordsOfOne = await listed(first)
  t.same(await wordsOfOne(), ['leek', 'pumpkin', 'soup', 'tart'])
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${first}`, headers: one.headers() })).statusCode, 204)
  t.same(await wordsOfOne(), ['leek', 'pumpkin', 'soup', 'tart'], 'kept while they have a chat')
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${second}`, headers: one.headers() })).statusCode, 204)
  t.same(await wordsOfOne(), [], 'forgotten with their last chat')

  const two = visitor()
  const wordsOfTwo = await listed((await createChat(app, two, 'Plum jam')).json().id as string)
  await createChat(app, two, 'Fig jam')
  t.equal((await app.inject({ method: 'DELETE', url: '/api/chats', headers: two.headers(true), payload: { confirm: 'delete all chats' } })).statusCode, 200)
  t.same(await wordsOfTwo(), [], 'Delete all chats')

  const three = visitor()
  const oldChat = (await createChat(app, three, 'Cherry pie')).json().id as string
  const wordsOfThree = await listed(oldChat)
  await app.db.updateTable('chats').set({ updated_at: Date.now() - 400 * 86_400_000 }).where('id', '=', oldChat).execute()
  t.match(await app.retention.sweep(Date.now()), { chats: 1 })
  t.same(await wordsOfThree(), [], "a visitor's chats swept by retention")

  const before = visitor()
  const after = visitor()
  const moved = (await createChat(app, before, 'Apricot compote')).json().id as string
  const wordsOfBefore = await listed(moved)
  const mine = (await createChat(app, after, 'Mine')).json().id as string
  await app.chats.moveOwner(await ownerOf(app, moved), await ownerOf(app, mine))
  t.same(await wordsOfBefore(), [], 'moved to their account on sign-in: gone from the visitor')
  t.same(await (await listed(mine))(), ['apricot', 'compote', 'mine'], 'and listed for the account')
})
