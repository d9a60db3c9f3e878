// Artifacts in exports: the Markdown export carries each artifact's current content in a fenced
// block under a heading; the JSON export carries every version; importing our own JSON export
// brings them back (new ids, on the messages they belonged to, the tool cards naming the new ids),
// whether the import keeps the chat's id or gives it a new one. On both databases.
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, type Visitor } from '../helpers/chat.ts'
import { importEnded, sendExport, signedIn } from '../helpers/imports.ts'
import { listenForFetch } from '../helpers/uploads.ts'

/** A chat whose answer made a document (then edited by its user) and a code artifact with backticks in it. */
async function chatWithArtifacts(app: FastifyInstance, v: Visitor) {
  const chatId = (await createChat(app, v, 'Plan my trip')).json().id as string
  const [question] = await app.artifacts.pathOf(chatId)
  const answerId = `${chatId}-answer`
  await app.db.insertInto('messages').values({ id: answerId, chat_id: chatId, seq: 1, parent_id: question!, role: 'assistant', parts: '[]', status: 'complete', usage: null, model: null, created_at: Date.now() }).execute()
  await app.db.updateTable('chats').set({ current_leaf_id: answerId }).where('id', '=', chatId).execute()
  const doc = await app.artifacts.create({ chatId, messageId: answerId, kind: 'document', title: 'Trip plan', content: '# Day 1\n\nAlfama', author: 'model' })
  const parts = [
    { type: 'text', text: 'Here is your plan.' },
    { type: 'tool-create_artifact', toolCallId: 'call-1', state: 'output-available', input: { kind: 'document', title: 'Trip plan', content: '# Day 1' }, output: { artifactId: doc.artifactId, version: 1, kind: 'document', title: 'Trip plan', bytes: 15 } },
  ]
  await app.db.updateTable('messages').set({ parts: JSON.stringify(parts) }).where('id', '=', answerId).execute()
  const code = await app.artifacts.create({ chatId, messageId: answerId, kind: 'code', title: 'Packing script', language: 'python', content: 'print("```")\n', author: 'model' })
  const saved = await app.inject({ method: 'POST', url: `/api/chats/${chatId}/artifacts/${doc.artifactId}`, headers: v.headers(true), payload: { content: '# Day 1\n\nAlfama, then Belém', baseVersion: 1 } })
  if (saved.statusCode !== 201) throw new Error(saved.body)
  return { chatId, doc: doc.artifactId, code: code.artifactId }
}

t.test('the Markdown export carries each artifact\'s current content', async (t) => {
  const { app } = await buildApp(t)
  const ada = await signedIn(app)
  const { chatId } = await chatWithArtifacts(app, ada)
  const res = await app.inject({ url: `/api/chats/${chatId}/export`, headers: ada.headers() })
  t.equal(res.statusCode, 200)
  const markdown = res.body
  const section = markdown.slice(markdown.indexOf('## Artifacts'))
  t.ok(markdown.includes('## Artifacts'), 'a section of its own')
  t.match(section, /### Trip plan\n\n_document · version 2_\n\n```markdown\n# Day 1\n\nAlfama, then Belém\n```/, 'the document at its current version, fenced')
  t.notOk(section.includes('Alfama\n```'), 'not its older version')
  t.match(section, /### Packing script\n\n_code · python · version 1_\n\n````python\nprint\("```"\)\n````/, 'a fence longer than the backticks inside')
})

t.test('the JSON export carries every version, for the owner and for a public chat\'s reader', async (t) => {
  const { app } = await buildApp(t)
  const ada = await signedIn(app)
  const { chatId, doc, code } = await chatWithArtifacts(app, ada)
  const exported = (await app.inject({ url: `/api/chats/${chatId}/export?format=json`, headers: ada.headers() })).json()
  t.same(
    exported.artifacts.map((v: Record<string, unknown>) => [v.artifactId, v.version, v.author]),
    [[doc, 1, 'model'], [code, 1, 'model'], [doc, 2, 'user']],
    'every version, in the order they were made',
  )
  t.match(exported.artifacts[1], { kind: 'code', language: 'python', title: 'Packing script', content: 'print("```")\n', messageId: `${chatId}-answer` })
  const all = (await app.inject({ url: '/api/export', headers: ada.headers() })).json()
  t.equal(all[0].artifacts.length, 3, 'the export of every chat carries them too')
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: ada.headers(true), payload: { visibility: 'public' } })
  const reader = await signedIn(app)
  const read = (await app.inject({ url: `/api/chats/${chatId}/export?format=json`, headers: reader.headers() })).json()
  t.same(read.artifacts.map((v: Record<string, unknown>) => v.version), [1, 1, 2], "a public chat's reader gets the versions of the branch it shows")
  t.match((await app.inject({ url: `/api/chats/${chatId}/export`, headers: reader.headers() })).body, /## Artifacts[^]*Alfama, then Belém/, 'and its Markdown')
})

for (const database of ['in memory', 'on a file (the import worker writes the messages)'] as const) {
  t.test(`importing our own JSON export brings them back, ${database}`, async (t) => {
    const env: Record<string, string> = {}
    if (database !== 'in memory') {
      const dir = mkdtempSync(join(tmpdir(), 'artifacts-import-'))
      t.teardown(() => rmSync(dir, { recursive: true, force: true }))
      env.DATABASE_PATH = join(dir, 'app.db')
    }
    const { app } = await buildApp(t, env)
    const base = await listenForFetch(t, app)
    const ada = await signedIn(app)
    const { chatId, doc } = await chatWithArtifacts(app, ada)
    const file = (await app.inject({ url: `/api/chats/${chatId}/export?format=json`, headers: ada.headers() })).body

    // Another account: the chat gets a new id (ada's is taken), its artifacts new ones too.
    const bob = await signedIn(app)
    const started = await sendExport(base, bob, 'chat.json', file)
    t.equal(started.status, 202)
    t.match(await importEnded(base, bob, started.body.id), { status: 'done', imported: 1 })
    const [copy] = (await app.inject({ url: '/api/chats', headers: bob.headers() })).json().chats
    t.not(copy.id, chatId)
    const list = (await app.inject({ url: `/api/chats/${copy.id}/artifacts`, headers: bob.headers() })).json().artifacts
    t.same(list.map((a: Record<string, unknown>) => [a.title, a.version, a.versions]), [['Trip plan', 2, [1, 2]], ['Packing script', 1, [1]]], 'every version, each on its branch')
    const copiedDoc = list[0].artifactId as string
    t.not(copiedDoc, doc, 'a new artifact id')
    const first = (await app.inject({ url: `/api/chats/${copy.id}/artifacts/${copiedDoc}?version=1`, headers: bob.headers() })).json()
    t.match(first, { content: '# Day 1\n\nAlfama', author: 'model' })
    const messages = (await app.inject({ url: `/api/chats/${copy.id}`, headers: bob.headers() })).json().messages
    const card = messages[1].parts.find((part: Record<string, unknown>) => part.type === 'tool-create_artifact')
    t.equal(card.output.artifactId, copiedDoc, "the tool card names the copy's id")
    t.equal(first.messageId, messages[1].id, 'the version belongs to the imported answer')
    t.match((await app.inject({ url: `/api/chats/${chatId}/artifacts/${doc}`, headers: ada.headers() })).json(), { version: 2, chatId }, "ada's own are untouched")

    // Ada deletes hers and imports it back: the chat keeps its id, its artifacts are there again.
    t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${chatId}`, headers: ada.headers() })).statusCode, 204)
    const again = await sendExport(base, ada, 'chat.json', file)
    t.match(await importEnded(base, ada, again.body.id), { status: 'done', imported: 1 })
    const back = (await app.inject({ url: `/api/chats/${chatId}/artifacts`, headers: ada.headers() })).json().artifacts
    t.same(back.map((a: Record<string, unknown>) => [a.title, a.version]), [['Trip plan', 2], ['Packing script', 1]])
    const owner = (await app.chats.get(chatId))!.ownerId
    const bytes = ['# Day 1\n\nAlfama', '# Day 1\n\nAlfama, then Belém', 'print("```")\n'].reduce((sum, text) => sum + Buffer.byteLength(text), 0)
    const messageBytes = (await app.db.selectFrom('messages').select('parts').where('chat_id', '=', chatId).execute()).reduce((sum, row) => sum + Buffer.byteLength(row.parts), 0)
    t.equal(await app.chats.storedBytes(owner), messageBytes + bytes, "the imported versions count in the owner's storage")
  })
}

t.test('an export with broken artifacts imports what can be kept', async (t) => {
  const { app } = await buildApp(t)
  const base = await listenForFetch(t, app)
  const ada = await signedIn(app)
  const message = { id: 'm1', role: 'assistant', parts: [{ type: 'text', text: 'Hello' }], parentId: null, createdAt: 1_764_115_200_000 }
  const ok = { artifactId: 'a1', version: 1, messageId: 'm1', kind: 'svg', title: 'Logo', content: '<svg/>', author: 'model', createdAt: 1_764_115_200_000 }
  const doc = {
    chat: { id: '4e9b2c1a-7d3f-4a8e-9b6c-1f2e3d4c5b6a', title: 'Broken', createdAt: 1_764_115_200_000, updatedAt: 1_764_115_200_000, currentLeafId: 'm1' },
    messages: [{ ...message, role: 'user' }],
    artifacts: [ok, { ...ok, version: 2, kind: 'pdf' }, { ...ok, version: 3, messageId: 'gone' }, { ...ok, version: 4, content: 'a\u0000b' }, { ...ok, version: 1, content: 'duplicate' }, 'nonsense', { ...ok, version: 5, title: '\n'.repeat(3) }],
  }
  const started = await sendExport(base, ada, 'chat.json', JSON.stringify(doc))
  t.match(await importEnded(base, ada, started.body.id), { status: 'done', imported: 1 })
  const [copy] = (await app.inject({ url: '/api/chats', headers: ada.headers() })).json().chats
  const [artifact] = (await app.inject({ url: `/api/chats/${copy.id}/artifacts`, headers: ada.headers() })).json().artifacts
  t.match(artifact, { kind: 'svg', version: 5, versions: [1, 5], title: 'Untitled' }, 'the valid versions, a blank title made one')
  t.equal((await app.inject({ url: `/api/chats/${copy.id}/artifacts/${artifact.artifactId}?version=1`, headers: ada.headers() })).json().content, '<svg/>', 'the first of two with the same number')
})
