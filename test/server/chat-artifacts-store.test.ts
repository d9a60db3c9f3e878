// The artifact store (app.artifacts): every version kept, each version belonging to a message, so a
// branch of the chat sees the versions made on it; inputs are bounded, a stale edit is refused, and
// a chat's path of messages decides what a reader sees. On both databases.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { ArtifactError } from '../../server/services/artifacts/artifact-store.ts'

/**
 * A chat with two branches: q1 → a1 → q2 → a2 (first) and q1 → a1 → q2b → a2b (an edit of q2, shown).
 */
async function forkedChat(app: FastifyInstance, id = 'chat-1', owner = 'owner-1') {
  const at = Date.now()
  await app.db.insertInto('chats').values({ id, owner_id: owner, title: 'T', visibility: 'private', model: null, created_at: at, updated_at: at, tools_off: null, current_leaf_id: null }).execute()
  const rows: Array<[string, string | null, 'user' | 'assistant']> = [
    ['q1', null, 'user'],
    ['a1', 'q1', 'assistant'],
    ['q2', 'a1', 'user'],
    ['a2', 'q2', 'assistant'],
    ['q2b', 'a1', 'user'],
    ['a2b', 'q2b', 'assistant'],
  ]
  await app.db
    .insertInto('messages')
    .values(rows.map(([mid, parent, role], seq) => ({ id: `${id}-${mid}`, chat_id: id, seq, parent_id: parent && `${id}-${parent}`, role, parts: '[]', status: 'complete' as const, usage: null, model: null, created_at: at + seq })))
    .execute()
  await app.db.updateTable('chats').set({ current_leaf_id: `${id}-a2b`, forked: 1 }).where('id', '=', id).execute()
  await app.db.updateTable('messages').set({ shown: 1 }).where('id', 'in', ['q1', 'a1', 'q2b', 'a2b'].map((m) => `${id}-${m}`)).execute()
  const m = (name: string) => `${id}-${name}`
  return { id, m, first: ['q1', 'a1', 'q2', 'a2'].map(m), second: ['q1', 'a1', 'q2b', 'a2b'].map(m) }
}

async function refusal(promise: Promise<unknown>): Promise<ArtifactError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ArtifactError) return error
    throw error
  }
  throw new Error('expected an ArtifactError')
}

t.test('versions, branches and what each reader sees', async (t) => {
  const { app } = await buildApp(t, { ARTIFACT_MAX_BYTES: '2048' })
  const chat = await forkedChat(app)
  t.same(await app.artifacts.pathOf(chat.id), chat.second, "the chat's path is its shown branch, first message first")
  t.same(await app.artifacts.pathOf(chat.id, chat.m('a2')), chat.first, 'the path to another leaf walks up its parents')

  const doc = await app.artifacts.create({ chatId: chat.id, messageId: chat.m('a1'), kind: 'document', title: '  Plan  ', language: 'ignored', content: '# Plan', author: 'model' })
  t.match(doc.artifactId, /^[a-z2-9]{13}$/, 'a short id a model can copy')
  t.same({ ...doc, artifactId: 'x', createdAt: 0 }, { artifactId: 'x', chatId: chat.id, version: 1, kind: 'document', title: 'Plan', content: '# Plan', author: 'model', messageId: chat.m('a1'), createdAt: 0 }, 'title trimmed; no language for a document')
  const code = await app.artifacts.create({ chatId: chat.id, messageId: chat.m('a2'), kind: 'code', title: 'Script', language: 'python', content: 'print(1)', author: 'model' })

  // Version 2 on the first branch, version 3 on the second: numbers count across branches.
  const v2 = await app.artifacts.addVersion({ chatId: chat.id, artifactId: doc.artifactId, messageId: chat.m('a2'), content: '# Plan v2', author: 'model', onPath: chat.first })
  const v3 = await app.artifacts.addVersion({ chatId: chat.id, artifactId: doc.artifactId, messageId: chat.m('a2b'), content: '# Plan v3', title: 'Plan B', author: 'user', onPath: chat.second, baseVersion: 1 })
  t.same([v2.version, v3.version], [2, 3])
  t.same([v3.title, v3.kind, v3.author], ['Plan B', 'document', 'user'])

  const onSecond = await app.artifacts.get(chat.id, doc.artifactId, { onPath: chat.second })
  t.same([onSecond?.version, onSecond?.content, onSecond?.versions], [3, '# Plan v3', [1, 3]], 'the second branch sees versions 1 and 3, newest by default')
  const onFirst = await app.artifacts.get(chat.id, doc.artifactId, { onPath: chat.first })
  t.same([onFirst?.version, onFirst?.versions], [2, [1, 2]], 'the first branch sees 1 and 2')
  t.equal(await app.artifacts.get(chat.id, doc.artifactId, { onPath: chat.second, version: 2 }), null, 'a version of another branch is not there')
  t.equal((await app.artifacts.get(chat.id, doc.artifactId, { onPath: chat.second, version: 1 }))?.content, '# Plan', 'an older version on the branch')
  t.equal(await app.artifacts.get('another-chat', doc.artifactId, { onPath: chat.second }), null, 'not from another chat')
  t.equal(await app.artifacts.get(chat.id, code.artifactId, { onPath: chat.second }), null, 'an artifact made on the other branch only')

  t.same((await app.artifacts.current(chat.id, chat.first)).map((a) => [a.title, a.version, a.content]), [['Plan', 2, '# Plan v2'], ['Script', 1, 'print(1)']], 'current: newest of each, oldest artifact first')
  t.same(
    await app.artifacts.list(chat.id, chat.second),
    [{ artifactId: doc.artifactId, kind: 'document', title: 'Plan B', version: 3, versions: [1, 3], updatedAt: v3.createdAt }],
    'list: summaries of the branch',
  )
  t.same((await app.artifacts.list(chat.id, chat.first)).map((a) => [a.kind, a.language ?? null]), [['document', null], ['code', 'python']], 'a code artifact keeps its language')
  const again = await app.artifacts.addVersion({ chatId: chat.id, artifactId: code.artifactId, messageId: chat.m('a2'), content: 'print(2)', author: 'user', onPath: chat.first })
  t.equal(again.language, 'python', 'a new version keeps the language')
  const all = (await app.artifacts.allVersions(chat.id)).map((v) => `${v.artifactId === doc.artifactId ? 'doc' : 'code'} ${v.version}`)
  t.same(all.sort(), ['code 1', 'code 2', 'doc 1', 'doc 2', 'doc 3'], 'every version of every branch')
})

t.test('refusals', async (t) => {
  const { app } = await buildApp(t, { ARTIFACT_MAX_BYTES: '2048' })
  const chat = await forkedChat(app)
  const base = { chatId: chat.id, messageId: chat.m('a1'), kind: 'html' as const, title: 'Page', content: '<p>hi</p>', author: 'model' as const }
  const tooLarge = await refusal(app.artifacts.create({ ...base, content: 'é'.repeat(1025) }))
  t.same([tooLarge.code, tooLarge.statusCode], ['ARTIFACT_TOO_LARGE', 413])
  t.match(tooLarge.message, /2050 bytes.*2048/, 'the message names the size and the cap (bytes of UTF-8, not characters)')
  t.ok(await app.artifacts.create({ ...base, content: 'a'.repeat(2048) }), 'exactly the cap is fine')
  t.equal((await refusal(app.artifacts.create({ ...base, kind: 'pdf' as never }))).code, 'ARTIFACT_INVALID', 'unknown kind')
  t.equal((await refusal(app.artifacts.create({ ...base, title: ' ' }))).code, 'ARTIFACT_INVALID', 'empty title')
  t.equal((await refusal(app.artifacts.create({ ...base, title: 'x'.repeat(121) }))).code, 'ARTIFACT_INVALID', 'long title')
  t.equal((await refusal(app.artifacts.create({ ...base, content: '' }))).code, 'ARTIFACT_INVALID', 'empty content')
  t.equal((await refusal(app.artifacts.create({ ...base, content: 'a\u0000b' }))).code, 'ARTIFACT_INVALID', 'NUL')
  t.equal((await refusal(app.artifacts.create({ ...base, kind: 'code', language: 'x'.repeat(41) }))).code, 'ARTIFACT_INVALID', 'long language')
  t.equal((await refusal(app.artifacts.create({ ...base, author: 'admin' as never }))).code, 'ARTIFACT_INVALID', 'author')
  t.equal((await refusal(app.artifacts.create({ ...base, messageId: 'elsewhere' }))).code, 'ARTIFACT_INVALID', 'a message of another chat')

  const page = await app.artifacts.create(base)
  const edit = { chatId: chat.id, artifactId: page.artifactId, messageId: chat.m('a2b'), content: '<p>2</p>', author: 'user' as const, onPath: chat.second }
  await app.artifacts.addVersion({ ...edit, baseVersion: 1 })
  const stale = await refusal(app.artifacts.addVersion({ ...edit, baseVersion: 1 }))
  t.same([stale.code, stale.statusCode], ['ARTIFACT_VERSION_CONFLICT', 409], 'a second edit of version 1 is refused, not an overwrite')
  t.match(stale.message, /version 2 is/)
  t.equal((await app.artifacts.get(chat.id, page.artifactId, { onPath: chat.second }))?.content, '<p>2</p>', 'the first edit stays')
  t.equal((await refusal(app.artifacts.addVersion({ ...edit, artifactId: 'nosuchthing2' }))).code, 'ARTIFACT_NOT_FOUND')
  t.equal((await refusal(app.artifacts.addVersion({ ...edit, content: 'x'.repeat(2049) }))).code, 'ARTIFACT_TOO_LARGE')
  const code = await app.artifacts.create({ ...base, messageId: chat.m('a2'), kind: 'code', title: 'Only on the first' })
  const elsewhere = await refusal(app.artifacts.addVersion({ ...edit, artifactId: code.artifactId }))
  t.same([elsewhere.code, elsewhere.message], ['ARTIFACT_NOT_FOUND', `No artifact ${code.artifactId} in this chat on this branch`], 'not seen from the other branch')
})

t.test('two writers of the same version: one gets the number, the other the next or a conflict', async (t) => {
  const { app } = await buildApp(t)
  const chat = await forkedChat(app)
  const doc = await app.artifacts.create({ chatId: chat.id, messageId: chat.m('a1'), kind: 'document', title: 'D', content: 'one', author: 'model' })
  const edit = (content: string, baseVersion?: number) => app.artifacts.addVersion({ chatId: chat.id, artifactId: doc.artifactId, messageId: chat.m('a2b'), content, author: 'model', onPath: chat.second, baseVersion })
  const made = await Promise.all([edit('a'), edit('b'), edit('c')])
  t.same(made.map((v) => v.version).sort(), [2, 3, 4], 'without a base, each gets a number of its own')
  const results = await Promise.allSettled([edit('x', 4), edit('y', 4)])
  t.equal(results.filter((r) => r.status === 'fulfilled').length, 1, 'with the same base, one is stored')
  const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
  t.equal((rejected.reason as ArtifactError).code, 'ARTIFACT_VERSION_CONFLICT', 'the other is a conflict')
})
