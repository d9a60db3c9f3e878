// Artifacts live and go with what made them: deleting a chat (on SQLite a worker thread deletes it)
// or all of an owner's chats takes their versions; deleting messages (a regenerate, an edit) takes
// the versions those messages made and keeps the rest; their bytes count in the owner's storage
// (the anonymous cap, the admin page's totals) and leave with them; a visitor's chats move on
// sign-in with their artifacts. On both databases.
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'
import { signInAdmin } from '../helpers/admin-account.ts'

/** An answer under `parentId`, shown as the chat's leaf (as a finished answer is stored). */
async function answer(app: FastifyInstance, chatId: string, parentId: string, id: string) {
  const seq = Number((await app.db.selectFrom('messages').select((eb) => eb.fn.max('seq').as('seq')).where('chat_id', '=', chatId).executeTakeFirst())?.seq ?? 0) + 1
  await app.db.insertInto('messages').values({ id, chat_id: chatId, seq, parent_id: parentId, role: 'assistant', parts: JSON.stringify([{ type: 'text', text: 'Here it is.' }]), status: 'complete', usage: null, model: null, created_at: Date.now() }).execute()
  await app.db.updateTable('chats').set({ current_leaf_id: id }).where('id', '=', chatId).execute()
}

/** A chat of `v`'s: its question, an answer that made an artifact, and a second version on it. */
async function chatWithVersions(app: FastifyInstance, v: Visitor, name: string) {
  const chatId = (await createChat(app, v, `Make ${name}`)).json().id as string
  const [question] = await app.artifacts.pathOf(chatId)
  await answer(app, chatId, question!, `${chatId}-a1`)
  const made = await app.artifacts.create({ chatId, messageId: question!, kind: 'document', title: name, content: `${name} one`, author: 'model' })
  await app.artifacts.addVersion({ chatId, artifactId: made.artifactId, messageId: `${chatId}-a1`, content: `${name} two, longer`, author: 'model', onPath: await app.artifacts.pathOf(chatId) })
  return { chatId, artifactId: made.artifactId, question: question!, answer: `${chatId}-a1` }
}

const rows = async (app: FastifyInstance, chatId?: string) => {
  let query = app.db.selectFrom('artifacts').select(['artifact_id', 'version'])
  if (chatId) query = query.where('chat_id', '=', chatId)
  return (await query.orderBy('version').execute()).map((row) => Number(row.version))
}

const storedBytes = async (app: FastifyInstance, chatId: string) => app.chats.storedBytes((await app.chats.get(chatId))!.ownerId)
const messageBytes = async (app: FastifyInstance, chatId: string) =>
  (await app.db.selectFrom('messages').select('parts').where('chat_id', '=', chatId).execute()).reduce((sum, row) => sum + Buffer.byteLength(row.parts), 0)

t.test('deleting a chat takes its artifacts, also when a worker thread deletes it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'artifacts-lifecycle-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { app } = await buildApp(t, { DATABASE_PATH: join(dir, 'app.db') })
  const ada = visitor()
  const kept = await chatWithVersions(app, ada, 'Kept')
  const gone = await chatWithVersions(app, ada, 'Gone')
  const res = await app.inject({ method: 'DELETE', url: `/api/chats/${gone.chatId}`, headers: ada.headers() })
  t.equal(res.statusCode, 204)
  t.same(await rows(app, gone.chatId), [], "the deleted chat's versions are gone")
  t.same(await rows(app, kept.chatId), [1, 2], 'the other chat keeps its own')
  t.equal(await storedBytes(app, kept.chatId), (await messageBytes(app, kept.chatId)) + Buffer.byteLength('Kept one') + Buffer.byteLength('Kept two, longer'), 'the owner stores what is left')

  const all = await app.inject({ method: 'DELETE', url: '/api/chats', headers: ada.headers(true), payload: { confirm: 'delete all chats' } })
  t.equal(all.statusCode, 200)
  t.same(await rows(app), [], 'Delete all takes every artifact')
})

t.test('deleting messages takes the versions they made and keeps the rest', async (t) => {
  const { app } = await buildApp(t)
  const ada = visitor()
  const { chatId, artifactId, answer: answerId, question } = await chatWithVersions(app, ada, 'Plan')
  const before = await storedBytes(app, chatId)
  const res = await app.inject({ method: 'DELETE', url: `/api/chats/${chatId}/messages`, headers: ada.headers(true), payload: { messageId: answerId, type: 'regenerate' } })
  t.equal(res.statusCode, 200)
  t.same(await rows(app, chatId), [1], 'the version of the removed answer went with it')
  const list = (await app.inject({ url: `/api/chats/${chatId}/artifacts`, headers: ada.headers() })).json()
  t.match(list, { artifacts: [{ artifactId, version: 1, versions: [1] }] }, 'the list shows what is left')
  const answerBytes = Buffer.byteLength(JSON.stringify([{ type: 'text', text: 'Here it is.' }]))
  t.equal(await storedBytes(app, chatId), before - answerBytes - Buffer.byteLength('Plan two, longer'), "the removed version's bytes leave the owner's storage")

  const edit = await app.inject({ method: 'DELETE', url: `/api/chats/${chatId}/messages`, headers: ada.headers(true), payload: { messageId: question, type: 'edit' } })
  t.equal(edit.statusCode, 200)
  t.same(await rows(app, chatId), [], "editing the first question takes the artifact it carried")
})

t.test("artifact bytes count in the owner's storage and on the admin page", async (t) => {
  const { app } = await buildApp(t, { ADMIN_EMAILS: 'boss@example.com' })
  const ada = visitor()
  ada.cookie = (await signUp(app, 'ada@example.com')).cookie
  const { chatId } = await chatWithVersions(app, ada, 'Budget')
  const artifactBytes = Buffer.byteLength('Budget one') + Buffer.byteLength('Budget two, longer')
  t.equal(await storedBytes(app, chatId), (await messageBytes(app, chatId)) + artifactBytes, 'messages and every version')
  const boss = visitor()
  boss.cookie = (await signInAdmin(app, 'boss@example.com')).cookie
  const users = (await app.inject({ url: '/api/admin/users?q=ada', headers: boss.headers() })).json()
  t.equal(users.users[0].storageBytes, (await messageBytes(app, chatId)) + artifactBytes, 'the admin page counts them')
})

t.test("a visitor's artifacts move with their chats on sign-in", async (t) => {
  const { app } = await buildApp(t)
  const guest = visitor()
  const { chatId, artifactId } = await chatWithVersions(app, guest, 'Moved')
  const guestOwner = (await app.chats.get(chatId))!.ownerId
  const bytes = await storedBytes(app, chatId)
  const signedUp = await signUp(app, 'ada@example.com', 'correct horse battery', guest.cookie)
  const ada = visitor()
  ada.cookie = signedUp.cookie
  const owner = (await app.chats.get(chatId))!.ownerId
  t.not(owner, guestOwner, 'the chat moved to the user')
  t.match((await app.inject({ url: `/api/chats/${chatId}/artifacts/${artifactId}`, headers: ada.headers() })).json(), { version: 2, versions: [1, 2] }, 'the user reads its artifacts')
  t.equal(await app.chats.storedBytes(owner), bytes, "their bytes count in the user's storage")
  t.equal(await app.chats.storedBytes(guestOwner), 0, 'and no longer in the visitor\'s')
  // Artifacts hang off their chat and message only: no owner of their own to move.
  t.notOk(Object.keys((await app.db.selectFrom('artifacts').selectAll().executeTakeFirstOrThrow())).some((column) => column.includes('owner')))
})
