// A project's files: an upload added to a project is given, as text, to every chat of
// the project (after the project's instructions); it stays the project's (never swept as an unused
// upload, never sent in a message), goes when removed or with its project, and only its owner sees it.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { listenForFetch, uploader } from '../helpers/uploads.ts'
import { makePdf } from '../helpers/make-pdf.ts'
import { parseUiStream, remember, streamedText, userMessage, visitor, type Visitor } from '../helpers/chat.ts'

async function projectWithFiles(app: FastifyInstance, base: string, v: Visitor) {
  const { upload } = uploader(base)
  const project = await app.inject({ method: 'POST', url: '/api/projects', headers: v.headers(true), payload: { name: 'Garden', instructions: 'We grow tomatoes.' } })
  remember(v, project.headers['set-cookie'])
  const id = project.json().id as string
  const notes = (await upload(v, 'notes.txt', 'Sow in March.\nWater at dawn.', 'text/plain')).body
  const pdf = (await upload(v, 'plan.pdf', makePdf([['Bed A: basil']]), 'application/pdf')).body
  for (const file of [notes, pdf]) {
    const added = await app.inject({ method: 'POST', url: `/api/projects/${id}/files`, headers: v.headers(true), payload: { fileId: file.id } })
    if (added.statusCode !== 200) throw new Error(added.body)
  }
  return { id, notes, pdf }
}

async function ask(app: FastifyInstance, v: Visitor, projectId: string, text: string) {
  const chatId = (await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: userMessage(text), projectId } })).json().id as string
  const question = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages[0]
  const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [question] } })
  await app.answers.get(chatId)?.settled
  return { chatId, text: streamedText(parseUiStream(res.body).chunks) }
}

t.test('every chat of the project gets its files as text, after its instructions', async (t) => {
  const { startFakeOpenAI } = await import('../helpers/fake-openai.ts')
  const openai = await startFakeOpenAI(t)
  openai.script({ chunks: ['Noted.'] })
  const { app } = await buildApp(t, { OPENAI_BASE_URL: openai.baseUrl, AI_MODELS: 'fake-gpt' })
  const base = await listenForFetch(t, app)
  const v = visitor()
  const { id, notes, pdf } = await projectWithFiles(app, base, v)
  const listed = (await app.inject({ url: `/api/projects/${id}/files`, headers: v.headers() })).json().files
  t.same(listed.map((file: { filename: string }) => file.filename), ['notes.txt', 'plan.pdf'])
  t.equal((await ask(app, v, id, 'When do I sow?')).text, 'Noted.')
  const sent = openai.requests.filter((entry) => entry.path === '/v1/chat/completions' && entry.body.stream).at(-1)!
  t.same(sent.body.messages[0], {
    role: 'system',
    content: `We grow tomatoes.\n\nThe project's files:\n\n<file name="notes.txt" type="text/plain" size="${notes.size}">\nSow in March.\nWater at dawn.\n</file>\n\n<file name="plan.pdf" type="application/pdf" size="${pdf.size}" pages="1">\n--- Page 1 ---\nBed A: basil\n</file>`,
  })

  // Removed: the next answer no longer gets it; its bytes are gone.
  const removed = await app.inject({ method: 'DELETE', url: `/api/projects/${id}/files/${notes.id}`, headers: v.headers() })
  t.same(removed.json().files.map((file: { filename: string }) => file.filename), ['plan.pdf'])
  t.equal((await app.inject({ url: notes.url, headers: v.headers() })).statusCode, 404)
  await ask(app, v, id, 'And now?')
  const next = openai.requests.filter((entry) => entry.path === '/v1/chat/completions' && entry.body.stream).at(-1)!
  t.notMatch(next.body.messages[0].content, 'notes.txt')
})

t.test('a project file is the project\'s: not swept, not sent in a message, gone with the project, 404 to others', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const base = await listenForFetch(t, app)
  const v = visitor()
  const { id, notes, pdf } = await projectWithFiles(app, base, v)
  t.match((await ask(app, v, id, 'Hello')).text, '**Your instructions reached me** as the system prompt: “We grow tomatoes. The project\'s files: <file name="notes.txt"', 'the offline model shows it')
  t.notOk((await app.files.store.idsUnattachedBefore(Date.now() + 86_400_000)).includes(notes.id), 'not an unused upload')

  const sent = await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: { role: 'user', parts: [{ type: 'file', url: notes.url }] } } })
  t.equal(sent.statusCode, 400)
  t.equal(sent.json().code, 'FILE_IN_PROJECT')

  const stranger = visitor()
  const { upload } = uploader(base)
  const theirs = (await upload(stranger, 'mine.txt', 'mine', 'text/plain')).body
  t.equal((await app.inject({ url: `/api/projects/${id}/files`, headers: stranger.headers() })).statusCode, 404)
  t.equal((await app.inject({ method: 'POST', url: `/api/projects/${id}/files`, headers: stranger.headers(true), payload: { fileId: theirs.id } })).statusCode, 404)
  const foreign = await app.inject({ method: 'POST', url: `/api/projects/${id}/files`, headers: v.headers(true), payload: { fileId: theirs.id } })
  t.equal(foreign.statusCode, 400, 'someone else\'s upload cannot be added')
  t.equal(foreign.json().code, 'UNKNOWN_FILE')

  t.equal((await app.inject({ method: 'DELETE', url: `/api/projects/${id}`, headers: v.headers() })).statusCode, 204)
  for (const file of [notes, pdf]) t.equal((await app.inject({ url: file.url, headers: v.headers() })).statusCode, 404, `${file.filename} went with the project`)
})
