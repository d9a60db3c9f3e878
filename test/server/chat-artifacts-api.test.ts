// The artifact API: the owner lists, reads and saves versions of a chat's artifacts (a save is a
// new version, never an overwrite; a stale one is a 409); another visitor gets 404; a public
// chat's artifacts are readable by anyone and writable by nobody else; API tokens work; saves are
// rate-limited and count in an anonymous visitor's storage; the routes are in the API document.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'

/** A chat of `v`'s with a document artifact made on its first message. */
async function chatWithArtifact(app: FastifyInstance, v: Visitor, content = '# Plan') {
  const created = await createChat(app, v, 'Make a plan')
  const chatId = created.json().id as string
  const [messageId] = await app.artifacts.pathOf(chatId)
  const artifact = await app.artifacts.create({ chatId, messageId: messageId!, kind: 'document', title: 'Plan', content, author: 'model' })
  return { chatId, artifactId: artifact.artifactId, messageId: messageId! }
}

const save = (app: FastifyInstance, v: Visitor | Record<string, string>, chatId: string, artifactId: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/chats/${chatId}/artifacts/${artifactId}`, headers: 'headers' in v && typeof v.headers === 'function' ? (v as Visitor).headers(true) : (v as Record<string, string>), payload })

t.test('the owner lists, reads and saves; a stale save is a 409', async (t) => {
  const { app } = await buildApp(t, { ARTIFACT_MAX_BYTES: '2048' })
  const ada = visitor()
  const { chatId, artifactId, messageId } = await chatWithArtifact(app, ada)

  const list = await app.inject({ url: `/api/chats/${chatId}/artifacts`, headers: ada.headers() })
  t.equal(list.statusCode, 200)
  t.equal(list.headers['cache-control'], 'no-store')
  t.match(list.json(), { artifacts: [{ artifactId, kind: 'document', title: 'Plan', version: 1, versions: [1] }] })

  const saved = await save(app, ada, chatId, artifactId, { content: '# Plan\n\nDay 1', title: 'Trip plan', baseVersion: 1 })
  t.equal(saved.statusCode, 201)
  t.match(saved.json(), { artifactId, chatId, version: 2, title: 'Trip plan', content: '# Plan\n\nDay 1', author: 'user', messageId, versions: [1, 2] }, "a user's version, on the chat's current leaf")

  const stale = await save(app, ada, chatId, artifactId, { content: 'overwrite?', baseVersion: 1 })
  t.equal(stale.statusCode, 409)
  t.match(stale.json(), { statusCode: 409, code: 'ARTIFACT_VERSION_CONFLICT', message: /version 2 is/ })

  const newest = await app.inject({ url: `/api/chats/${chatId}/artifacts/${artifactId}`, headers: ada.headers() })
  t.match(newest.json(), { version: 2, content: '# Plan\n\nDay 1', versions: [1, 2] }, 'the stale save changed nothing')
  const first = await app.inject({ url: `/api/chats/${chatId}/artifacts/${artifactId}?version=1`, headers: ada.headers() })
  t.match(first.json(), { version: 1, content: '# Plan', author: 'model', title: 'Plan' }, 'version 1 is kept')
  t.equal((await app.inject({ url: `/api/chats/${chatId}/artifacts/${artifactId}?version=9`, headers: ada.headers() })).statusCode, 404)
  const missing = await app.inject({ url: `/api/chats/${chatId}/artifacts/nosuchthing2`, headers: ada.headers() })
  t.match(missing.json(), { statusCode: 404, code: 'ARTIFACT_NOT_FOUND' })

  const tooLarge = await save(app, ada, chatId, artifactId, { content: 'x'.repeat(2049), baseVersion: 2 })
  t.equal(tooLarge.statusCode, 413)
  t.match(tooLarge.json(), { code: 'ARTIFACT_TOO_LARGE', message: /2049 bytes.*2048/ })
  const badTitle = await save(app, ada, chatId, artifactId, { content: 'ok', title: 'x'.repeat(121), baseVersion: 2 })
  t.match([badTitle.statusCode, badTitle.json().code, badTitle.json().message], [422, 'ARTIFACT_INVALID', /longer than 120/])
  t.equal((await save(app, ada, chatId, artifactId, { content: 'ok' })).statusCode, 400, 'baseVersion is required')
  t.match((await app.inject({ url: `/api/chats/${chatId}/artifacts`, headers: ada.headers() })).json(), { artifacts: [{ version: 2, versions: [1, 2] }] }, 'no refused save stored anything')
})

t.test('another visitor gets 404; a public chat is read-only to others', async (t) => {
  const { app } = await buildApp(t)
  const ada = visitor()
  const eve = visitor()
  await createChat(app, eve, 'Eve has a cookie too')
  const { chatId, artifactId } = await chatWithArtifact(app, ada)
  const urls = [`/api/chats/${chatId}/artifacts`, `/api/chats/${chatId}/artifacts/${artifactId}`]
  for (const url of urls) t.match((await app.inject({ url, headers: eve.headers() })).json(), { statusCode: 404, code: 'CHAT_NOT_FOUND' }, `private: ${url}`)
  t.equal((await save(app, eve, chatId, artifactId, { content: 'mine now', baseVersion: 1 })).statusCode, 404)
  t.equal((await app.inject({ url: urls[0]!, headers: visitor().headers() })).statusCode, 404, 'nor without a cookie')

  const shared = await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: ada.headers(true), payload: { visibility: 'public' } })
  t.equal(shared.statusCode, 200)
  t.match((await app.inject({ url: urls[0]!, headers: eve.headers() })).json(), { artifacts: [{ artifactId, version: 1 }] }, 'public: anyone lists')
  t.match((await app.inject({ url: urls[1]!, headers: visitor().headers() })).json(), { artifactId, content: '# Plan' }, 'public: anyone reads')
  const written = await save(app, eve, chatId, artifactId, { content: 'defaced', baseVersion: 1 })
  t.equal(written.statusCode, 404, 'public: nobody else saves')
  t.match((await app.inject({ url: urls[1]!, headers: ada.headers() })).json(), { version: 1, content: '# Plan' })
})

t.test('API tokens read and save like the chat API', async (t) => {
  const { app } = await buildApp(t)
  const ada = visitor()
  ada.cookie = (await signUp(app)).cookie
  const { chatId, artifactId } = await chatWithArtifact(app, ada)
  const { token } = (await app.inject({ method: 'POST', url: '/api/tokens', headers: ada.headers(true), payload: { name: 'Script' } })).json()
  const script = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  t.match((await app.inject({ url: `/api/chats/${chatId}/artifacts`, headers: { authorization: script.authorization } })).json(), { artifacts: [{ artifactId }] })
  const saved = await save(app, script, chatId, artifactId, { content: 'from a script', baseVersion: 1 })
  t.match([saved.statusCode, saved.json().version], [201, 2])
  const wrong = await app.inject({ url: `/api/chats/${chatId}/artifacts`, headers: { authorization: 'Bearer chat_wrong' } })
  t.equal(wrong.statusCode, 401, 'a wrong token is refused, not an anonymous visit')
})

t.test('saves are rate-limited and count in an anonymous visitor\'s storage', async (t) => {
  const { app } = await buildApp(t, { SEND_RATE_LIMIT_PER_MINUTE: '2', ANONYMOUS_STORAGE_MB: '0.01', ARTIFACT_MAX_BYTES: '8192' })
  const ada = visitor()
  const { chatId, artifactId } = await chatWithArtifact(app, ada, 'a'.repeat(4000))
  const before = await app.chats.storedBytes((await app.chats.get(chatId))!.ownerId)
  t.ok(before >= 4000, 'the artifact counts in what the visitor stores')
  const full = await save(app, ada, chatId, artifactId, { content: 'b'.repeat(7000), baseVersion: 1 })
  t.match([full.statusCode, full.json().code], [403, 'STORAGE_FULL'], 'a save past ANONYMOUS_STORAGE_MB is refused')
  t.match(full.json().message, /Sign in/)
  t.equal((await save(app, ada, chatId, artifactId, { content: 'small', baseVersion: 1 })).statusCode, 201, 'a save that fits is stored')
  const limited = await save(app, ada, chatId, artifactId, { content: 'again', baseVersion: 2 })
  t.match([limited.statusCode, limited.json().code], [429, 'RATE_LIMITED'], 'the third save in a minute is refused')
  t.ok(limited.headers['retry-after'])
})

t.test('the API document lists the artifact routes', async (t) => {
  const { app } = await buildApp(t)
  const doc = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { summary: string; tags: string[]; responses: Record<string, unknown> }>> }
  const list = doc.paths['/api/chats/{id}/artifacts']?.get
  const one = doc.paths['/api/chats/{id}/artifacts/{artifactId}']
  t.match(list, { tags: ['Chats'], summary: /artifacts/ })
  t.match(one?.get, { tags: ['Chats'] })
  t.ok(one?.post?.responses['201'] && one.post.responses['409'] && one.post.responses['413'] && one.post.responses['422'], 'the save names its answers')
})

t.test('each branch of the chat has its own versions: switching branches switches what the panel lists and saves on', async (t) => {
  const { app } = await buildApp(t)
  const ada = visitor()
  const chatId = (await createChat(app, ada, 'Write me a poem')).json().id as string
  const [question] = await app.artifacts.pathOf(chatId)
  // Two answers to the question (a regenerate): the second is shown.
  for (const [seq, id] of [[1, 'first'], [2, 'second']] as const) {
    await app.db.insertInto('messages').values({ id: `${chatId}-${id}`, chat_id: chatId, seq, parent_id: question!, role: 'assistant', parts: '[]', status: 'complete', usage: null, model: null, created_at: Date.now() }).execute()
  }
  await app.db.updateTable('chats').set({ current_leaf_id: `${chatId}-second`, forked: 1, versions: JSON.stringify({ [question!]: [`${chatId}-first`, `${chatId}-second`] }) }).where('id', '=', chatId).execute()
  await app.db.updateTable('messages').set({ shown: 1 }).where('id', 'in', [question!, `${chatId}-second`]).execute()
  const poem = await app.artifacts.create({ chatId, messageId: question!, kind: 'document', title: 'Poem', content: 'Roses', author: 'model' })
  await app.artifacts.addVersion({ chatId, artifactId: poem.artifactId, messageId: `${chatId}-first`, content: 'Roses are red', author: 'model', onPath: [question!, `${chatId}-first`] })
  const list = async () => (await app.inject({ url: `/api/chats/${chatId}/artifacts`, headers: ada.headers() })).json().artifacts

  t.match(await list(), [{ version: 1, versions: [1] }], "the shown branch does not see the other answer's version")
  const saved = await save(app, ada, chatId, poem.artifactId, { content: 'Roses are blue', baseVersion: 1 })
  t.match(saved.json(), { version: 3, versions: [1, 3], messageId: `${chatId}-second` }, 'a save on this branch: version 3, on its answer')

  const switched = await app.inject({ method: 'POST', url: `/api/chats/${chatId}/branch`, headers: ada.headers(true), payload: { messageId: `${chatId}-first` } })
  t.equal(switched.statusCode, 200)
  t.match(await list(), [{ version: 2, versions: [1, 2] }], 'the other branch: versions 1 and 2')
  t.match((await app.inject({ url: `/api/chats/${chatId}/artifacts/${poem.artifactId}`, headers: ada.headers() })).json(), { version: 2, content: 'Roses are red' })
  t.equal((await app.inject({ url: `/api/chats/${chatId}/artifacts/${poem.artifactId}?version=3`, headers: ada.headers() })).statusCode, 404, 'version 3 is not on it')
  const stale = await save(app, ada, chatId, poem.artifactId, { content: 'Roses are green', baseVersion: 3 })
  t.match([stale.statusCode, stale.json().code], [409, 'ARTIFACT_VERSION_CONFLICT'], "an edit of the other branch's version is stale here")
  t.match((await save(app, ada, chatId, poem.artifactId, { content: 'Roses are green', baseVersion: 2 })).json(), { version: 4, versions: [1, 2, 4] })
})
