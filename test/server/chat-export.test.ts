// GET /api/chats/:id/export: the chat as a Markdown or JSON download, for whoever may read it.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor, type Visitor } from '../helpers/chat.ts'
import { scriptedModel, useModel } from '../helpers/scripted-model.ts'

/** A chat titled "Tides" with one answered question and one failed answer. */
async function chatToExport(app: FastifyInstance, v: Visitor): Promise<string> {
  const chatId = (await createChat(app, v, 'Why are there two tides a day?')).json().id as string
  const ask = async (message: unknown) => {
    await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { id: chatId, messages: [message], trigger: 'submit-message' } })
    await app.answers.get(chatId)?.settled
  }
  useModel(app, scriptedModel({ words: ['The ', 'Moon ', 'pulls ', 'both ', 'sides.'] }))
  const [question] = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages
  await ask(question)
  useModel(app, scriptedModel({ words: ['Spring ', 'tides ', 'are'], failAfter: { words: 2, error: new Error('upstream broke') } }))
  await ask({ id: 'q2', role: 'user', parts: [{ type: 'text', text: 'And spring tides?' }] })
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { title: 'Tides' } })
  return chatId
}

const exportOf = (app: FastifyInstance, v: Visitor, chatId: string, format?: string) =>
  app.inject({ url: `/api/chats/${chatId}/export${format ? `?format=${format}` : ''}`, headers: v.headers() })

t.test('Markdown (the default): title, each message under its author, failed answers marked', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  const chatId = await chatToExport(app, v)
  for (const res of [await exportOf(app, v, chatId), await exportOf(app, v, chatId, 'md')]) {
    t.equal(res.statusCode, 200)
    t.match(res.headers['content-type'], /^text\/markdown; charset=utf-8/)
    t.equal(res.headers['content-disposition'], `attachment; filename="Tides.md"; filename*=UTF-8''Tides.md`, 'named after the chat')
    t.equal(res.headers['cache-control'], 'no-store')
    const lines = res.body.split('\n')
    t.equal(lines[0], '# Tides')
    t.match(res.body, /4 messages/)
    const headings = lines.filter((line) => line.startsWith('## '))
    t.same(headings, ['## You', '## Assistant', '## You', '## Assistant _(failed)_'])
    t.match(res.body, /## You\n\nWhy are there two tides a day\?\n\n## Assistant\n\nThe Moon pulls both sides\.\n/)
    t.match(res.body, /## You\n\nAnd spring tides\?\n/)
  }
})

t.test('JSON: the chat and its messages as the API returns them, without the owner', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  const chatId = await chatToExport(app, v)
  const res = await exportOf(app, v, chatId, 'json')
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json; charset=utf-8/)
  t.equal(res.headers['content-disposition'], `attachment; filename="Tides.json"; filename*=UTF-8''Tides.json`)
  const body = res.json()
  const read = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json()
  t.same(Object.keys(body).sort(), ['chat', 'messages'])
  t.same(
    body.messages.map(({ parentId: _parent, ...message }: { parentId: string | null }) => message),
    read.messages,
    'the stored messages, in order',
  )
  const ids = read.messages.map((message: { id: string }) => message.id)
  t.same(body.messages.map((message: { parentId: string | null }) => message.parentId), [null, ...ids.slice(0, -1)], 'each with its parent: the tree')
  t.match(body.chat, { id: chatId, title: 'Tides', visibility: 'private', createdAt: Number, updatedAt: Number, currentLeafId: ids.at(-1) })
  t.notOk('ownerId' in body.chat, 'the owner id is not exported')
  t.same(body.messages.map((m: { role: string; status: string }) => `${m.role}:${m.status}`), ['user:complete', 'assistant:complete', 'user:complete', 'assistant:error'])
  t.match(res.body, /\n {2}"chat"/, 'indented for people to read')
})

t.test('who may export: the owner always, anyone once public, nobody else', async (t) => {
  const { app } = await buildApp(t)
  const owner = visitor()
  const stranger = visitor()
  const chatId = await chatToExport(app, owner)
  for (const format of ['md', 'json']) {
    t.equal((await exportOf(app, owner, chatId, format)).statusCode, 200, `owner ${format}`)
    const hidden = await exportOf(app, stranger, chatId, format)
    t.equal(hidden.statusCode, 404, `stranger ${format} while private`)
    t.equal(hidden.json().code, 'CHAT_NOT_FOUND')
    t.notOk(hidden.headers['content-disposition'])
  }
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { visibility: 'public' } })
  const md = await exportOf(app, stranger, chatId, 'md')
  t.equal(md.statusCode, 200, 'a public chat')
  t.match(md.body, /^# Tides\n/)
  t.equal((await exportOf(app, stranger, chatId, 'json')).json().chat.id, chatId)
  t.equal((await exportOf(app, stranger, 'no-such-chat')).statusCode, 404)
  const bad = await exportOf(app, owner, chatId, 'pdf')
  t.equal(bad.statusCode, 400, 'an unknown format')
  t.equal(bad.json().code, 'VALIDATION_ERROR')
})

t.test('the file name follows the title, made safe: ASCII fallback and the title as written in filename*', async (t) => {
  const { exportDisposition } = await import('../../server/services/chats/chat-export.ts')
  t.equal(exportDisposition('Café "notes": a/b', 'md'), `attachment; filename="Cafe-notes-a-b.md"; filename*=UTF-8''Caf%C3%A9%20notes%20a%20b.md`)
  t.equal(exportDisposition('日本語のチャット', 'json'), `attachment; filename="chat.json"; filename*=UTF-8''${encodeURIComponent('日本語のチャット.json')}`)
  t.equal(exportDisposition('\u0000\r\n', 'md'), `attachment; filename="chat.md"; filename*=UTF-8''chat.md`)
})
