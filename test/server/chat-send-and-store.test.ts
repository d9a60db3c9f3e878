// Sending a message streams the answer as the AI SDK UI message stream and stores it.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, streamedText, userMessage, visitor } from '../helpers/chat.ts'

t.test('create a chat, stream the answer, read it back', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  const created = await createChat(app, v, 'What is Fastify?')
  t.equal(created.statusCode, 201)
  const chat = created.json()
  t.match(chat, { id: String, title: 'What is Fastify?', visibility: 'private' }, 'named at once from its question')

  const first = (await app.inject({ url: `/api/chats/${chat.id}`, headers: v.headers() })).json()
  const question = first.messages[0]
  const res = await app.inject({
    method: 'POST',
    url: `/api/chats/${chat.id}`,
    headers: v.headers(true),
    payload: { id: chat.id, messages: [question], trigger: 'submit-message' },
  })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/event-stream/)
  t.equal(res.headers['x-vercel-ai-ui-message-stream'], 'v1')
  const { chunks, done } = parseUiStream(res.body)
  t.ok(done, 'ends with [DONE]')
  t.equal(chunks[0]?.type, 'start')
  // The order useChat expects: start, start-step, text-start … text-end, finish-step, finish.
  const kinds = chunks.map((chunk) => chunk.type).filter((type) => type !== 'data-chat-title' && type !== 'text-delta')
  t.same(kinds, ['start', 'start-step', 'text-start', 'text-end', 'finish-step', 'finish'])
  const finish = chunks.find((chunk) => chunk.type === 'finish') as { finishReason?: string; messageMetadata?: { usage?: { outputTokens?: number } } }
  t.equal(finish.finishReason, 'stop')
  t.ok((finish.messageMetadata?.usage?.outputTokens ?? 0) > 0, 'the finish chunk carries the usage')
  const text = streamedText(chunks)
  t.ok(text.length > 10, 'text streamed')
  t.ok(chunks.some((chunk) => chunk.type === 'data-chat-title'), 'a title data part')

  const stored = (await app.inject({ url: `/api/chats/${chat.id}`, headers: v.headers() })).json()
  t.equal(stored.messages.length, 2)
  t.match(stored.messages[1], { role: 'assistant', status: 'complete' })
  t.ok(stored.messages[1].metadata.usage.outputTokens > 0, 'token usage is stored')
  // How the answer went, for its info button: measured by the relay, streamed with finish and stored.
  const details = stored.messages[1].metadata.details
  t.match(details, { firstTokenMs: Number, totalMs: Number, finishReason: 'stop' })
  t.ok(details.firstTokenMs >= 0 && details.firstTokenMs <= details.totalMs, 'the first token came before the end')
  t.same((finish.messageMetadata as { details?: unknown }).details, details, 'the finish chunk carried the same')
  t.notOk('details' in stored.messages[1].metadata.usage, 'the usage is the provider’s counts alone')
  t.equal(stored.messages[1].parts.filter((p: { type: string }) => p.type === 'text').map((p: { text: string }) => p.text).join(''), text)
  t.equal(stored.chat.title, 'What is Fastify?', 'the model named it (the offline model: the subject of the question)')
  t.equal(stored.chat.isOwner, true)

  // A follow-up question continues the same chat.
  const followUp = await app.inject({
    method: 'POST',
    url: `/api/chats/${chat.id}`,
    headers: v.headers(true),
    payload: { id: chat.id, messages: [...stored.messages, userMessage('And Vite?')], trigger: 'submit-message' },
  })
  t.equal(followUp.statusCode, 200)
  const after = (await app.inject({ url: `/api/chats/${chat.id}`, headers: v.headers() })).json()
  t.same(after.messages.map((m: { role: string }) => m.role), ['user', 'assistant', 'user', 'assistant'])
})

t.test('a renamed chat keeps its name when the first answer comes; a chat named from its question takes the model’s title', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  const answer = async (id: string) => {
    const chat = (await app.inject({ url: `/api/chats/${id}`, headers: v.headers() })).json()
    await app.inject({ method: 'POST', url: `/api/chats/${id}`, headers: v.headers(true), payload: { id, messages: [chat.messages[0]], trigger: 'regenerate-message' } })
    return (await app.inject({ url: `/api/chats/${id}`, headers: v.headers() })).json().chat.title
  }
  const renamed = (await createChat(app, v, 'Tell me about the history of tea in China and Japan, please')).json()
  t.equal(renamed.title, 'Tell me about the history…', 'whole words, an ellipsis where it was cut')
  await app.inject({ method: 'PATCH', url: `/api/chats/${renamed.id}`, headers: v.headers(true), payload: { title: 'Tea notes' } })
  t.equal(await answer(renamed.id), 'Tea notes', 'the owner’s name stays')
  const named = (await createChat(app, v, 'Tell me about the history of tea in China and Japan, please')).json()
  t.equal(await answer(named.id), 'The history of tea in China…', 'the model’s title, a complete phrase')
})
