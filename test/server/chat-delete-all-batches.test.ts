// Deleting all of an owner's chats (Delete all chats, deleting an account) goes a few hundred
// messages at a time, with other requests served in between: in one statement a history of
// 1,000,000 messages held SQLite's one thread for 11 seconds. On both databases: everything of the
// owner goes, nothing of anyone else's, and the owners' totals follow.
import t from 'tap'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { buildAppOn, DIALECTS } from '../helpers/postgres-dialects.ts'
import { seedHistory } from '../../scripts/seed-history.ts'
import { byMessages } from '../../server/services/chats/chat-store.ts'

t.test('chats are grouped by about so many messages, a bigger chat alone, in order', async (t) => {
  const chats = [
    { id: 'a', message_count: 100 },
    { id: 'b', message_count: '100' },
    { id: 'c', message_count: 50 },
    { id: 'd', message_count: 500 },
    { id: 'e', message_count: 10 },
  ]
  t.same(byMessages(chats, 200), [['a', 'b'], ['c'], ['d'], ['e']])
  t.same(byMessages([], 200), [])
})

for (const dialect of DIALECTS) {
  t.test(`an owner's chats all go in batches, other work runs between them (${dialect})`, async (t) => {
    const built = await buildAppOn(t, dialect)
    if (!built) return
    const { app } = built
    const now = Date.now()
    await seedHistory(app.db, 'owner-big', { chats: 150, messages: 3000, idPrefix: 'big', now })
    const kept = await seedHistory(app.db, 'owner-other', { chats: 5, messages: 100, idPrefix: 'other', now })

    // Turns of the event loop while the chats are deleted: a request would be answered in each.
    let turns = 0
    let deleting = true
    const counting = (async () => {
      while (deleting) {
        await nextTurn()
        turns++
      }
    })()
    const removed = await app.chats.removeAllOf('owner-big')
    deleting = false
    await counting
    t.equal(removed, 150)
    t.ok(turns >= 3000 / 200, `the event loop turned between batches (${turns} turns for 3,000 messages)`)

    const count = async (owner: string) =>
      Number((await app.db.selectFrom('messages').innerJoin('chats', 'chats.id', 'messages.chat_id').select((eb) => eb.fn.countAll().as('n')).where('chats.owner_id', '=', owner).executeTakeFirstOrThrow()).n)
    t.equal((await app.db.selectFrom('chats').select('id').where('owner_id', '=', 'owner-big').execute()).length, 0, 'no chat of the owner is left')
    t.equal(Number((await app.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('chat_id', 'like', 'big%').executeTakeFirstOrThrow()).n), 0, 'nor any of their messages')
    t.same((await app.db.selectFrom('chats').select('id').where('owner_id', '=', 'owner-other').execute()).map((row) => row.id).sort(), [...kept].sort(), 'someone else\'s chats stay')
    t.equal(await count('owner-other'), 100, 'with their messages')
    const totals = await app.db.selectFrom('owner_totals').selectAll().execute()
    t.same(totals.map((row) => [row.owner_id, Number(row.chats), Number(row.messages)]), [['owner-other', 5, 100]], 'the totals follow: the owner has none, the other keeps theirs')
  })
}
