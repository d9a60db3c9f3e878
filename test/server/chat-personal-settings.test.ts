// Settings: custom instructions and the default model, per owner; the instructions
// reach every answer as the system prompt, before a project's and the chat's own; an anonymous
// visitor's settings move to the account on sign-in; "Delete all chats" needs its typed confirmation.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, remember, streamedText, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'
import { INSTRUCTIONS_MAX_CHARS } from '../../shared/personal.ts'

const settingsOf = (app: FastifyInstance, v: Visitor) => app.inject({ url: '/api/settings', headers: v.headers() })
const patchSettings = async (app: FastifyInstance, v: Visitor, payload: object) => {
  const res = await app.inject({ method: 'PATCH', url: '/api/settings', headers: v.headers(true), payload })
  remember(v, res.headers['set-cookie'])
  return res
}

/** Asks the chat's first question and returns the answer's text. */
async function answerFirst(app: FastifyInstance, v: Visitor, chatId: string): Promise<string> {
  const question = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages[0]
  const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [question] } })
  await app.answers.get(chatId)?.settled
  return streamedText(parseUiStream(res.body).chunks)
}

t.test('custom instructions are stored per visitor, trimmed, limited, and cleared with an empty text', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  t.same((await settingsOf(app, v)).json(), { instructions: '', defaultModel: null }, 'a new visitor has none')
  const saved = await patchSettings(app, v, { instructions: '  I am a marine biologist. Answer briefly.  ' })
  t.equal(saved.statusCode, 200)
  t.same(saved.json(), { instructions: 'I am a marine biologist. Answer briefly.', defaultModel: null })
  t.same((await settingsOf(app, v)).json().instructions, 'I am a marine biologist. Answer briefly.', 'read back')
  t.same((await settingsOf(app, visitor())).json().instructions, '', 'another visitor does not see them')

  const long = await patchSettings(app, v, { instructions: 'x'.repeat(INSTRUCTIONS_MAX_CHARS + 1) })
  t.equal(long.statusCode, 400)
  t.equal(long.json().code, 'INSTRUCTIONS_TOO_LONG')
  t.match(long.json().message, `limit is ${INSTRUCTIONS_MAX_CHARS}`)
  t.equal((await settingsOf(app, v)).json().instructions, 'I am a marine biologist. Answer briefly.', 'a refused change loses nothing')

  const unknown = await patchSettings(app, v, { colour: 'dark' })
  t.same(unknown.json(), { instructions: 'I am a marine biologist. Answer briefly.', defaultModel: null }, 'an unknown setting changes nothing')
  t.equal((await patchSettings(app, v, { instructions: '' })).json().instructions, '', 'cleared')
})

t.test('the offline model shows that the instructions arrived; the chat prompt and the project follow them in order', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  await patchSettings(app, v, { instructions: 'Call me Captain.' })
  const chatId = (await createChat(app, v, 'Tell me about tides')).json().id as string
  const text = await answerFirst(app, v, chatId)
  t.match(text, '**Your instructions reached me** as the system prompt: “Call me Captain.”')

  const plain = visitor()
  const other = (await createChat(app, plain, 'Tell me about tides')).json().id as string
  t.notMatch(await answerFirst(app, plain, other), 'instructions reached me', 'nothing is said without instructions')
})

t.test('an OpenAI-compatible model gets one system message: instructions, then project, then chat prompt', async (t) => {
  const { startFakeOpenAI } = await import('../helpers/fake-openai.ts')
  const openai = await startFakeOpenAI(t)
  openai.script({ chunks: ['Aye.'] })
  const { app } = await buildApp(t, { OPENAI_BASE_URL: openai.baseUrl, AI_MODELS: 'fake-gpt' })
  const v = visitor()
  await patchSettings(app, v, { instructions: 'Call me Captain.' })
  const project = (await app.inject({ method: 'POST', url: '/api/projects', headers: v.headers(true), payload: { name: 'Boat', instructions: 'We are fixing a sailboat.' } })).json()
  const created = await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: userMessage('Which rope?'), projectId: project.id } })
  const chatId = created.json().id as string
  t.equal(created.json().projectId, project.id, 'the chat starts inside the project')
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { systemPrompt: 'Answer in one sentence.' } })
  t.equal(await answerFirst(app, v, chatId), 'Aye.')
  const sent = openai.requests.filter((entry) => entry.path === '/v1/chat/completions' && entry.body.stream).at(-1)!
  t.same(sent.body.messages[0], { role: 'system', content: 'Call me Captain.\n\nWe are fixing a sailboat.\n\nAnswer in one sentence.' })
  t.equal(sent.body.messages.filter((message: { role: string }) => message.role === 'system').length, 1, 'one system message')
  t.same(sent.body.messages.at(-1), { role: 'user', content: 'Which rope?' })
})

t.test('the default model: refused when not on offer, used by a new chat that names none, shown on the home page', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', AI_MODELS: 'offline,openai:fake-gpt', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })
  const v = visitor()
  const models = (await app.inject({ url: '/api/models', headers: v.headers() })).json().models as Array<{ id: string; default?: boolean }>
  const other = models.find((model) => !model.default)!
  const refused = await patchSettings(app, v, { defaultModel: 'nope:model' })
  t.equal(refused.statusCode, 400)
  t.equal(refused.json().code, 'UNKNOWN_MODEL')
  t.equal((await patchSettings(app, v, { defaultModel: other.id })).json().defaultModel, other.id)
  const chat = (await createChat(app, v, 'Hello')).json()
  t.equal(chat.model, other.id, 'a chat without a model named starts with the default')
  const home = await app.inject({ url: '/_payload.json', headers: v.headers() })
  t.equal(home.json().data.defaultModel, other.id, 'the home screen picks it')
  t.equal((await patchSettings(app, v, { defaultModel: null })).json().defaultModel, null, 'back to the server default')
})

t.test('on sign-in the visitor\'s settings move to the account, without overwriting what the account has', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  await patchSettings(app, v, { instructions: 'Before sign-in.' })
  const { cookie } = await signUp(app, 'ada@example.com', 'correct horse battery', v.cookie)
  const user = visitor()
  user.cookie = cookie
  t.equal((await settingsOf(app, user)).json().instructions, 'Before sign-in.', 'moved with the sign-up')

  // A second anonymous visitor with instructions of their own signs in to the same account.
  const second = visitor()
  await patchSettings(app, second, { instructions: 'On another device.' })
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: second.headers(true), payload: { email: 'ada@example.com', password: 'correct horse battery' } })
  t.equal(signIn.statusCode, 200)
  remember(second, signIn.headers['set-cookie'])
  t.equal((await settingsOf(app, second)).json().instructions, 'Before sign-in.', 'the account keeps its own')
})

t.test('Delete all chats: only with the typed confirmation; the visitor\'s chats and their files go, nobody else\'s', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  const other = visitor()
  for (const text of ['One', 'Two', 'Three']) await createChat(app, v, text)
  const kept = (await createChat(app, other, 'Not yours')).json().id as string
  const deleteAll = (confirm: string) => app.inject({ method: 'DELETE', url: '/api/chats', headers: v.headers(true), payload: { confirm } })

  const wrong = await deleteAll('yes')
  t.equal(wrong.statusCode, 400)
  t.equal(wrong.json().code, 'CONFIRMATION_REQUIRED')
  t.match(wrong.json().message, 'delete all chats')
  t.equal((await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats.length, 3, 'nothing deleted')

  const done = await deleteAll('  Delete ALL chats ')
  t.equal(done.statusCode, 200)
  t.same(done.json(), { deleted: 3 })
  t.same((await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats, [])
  t.equal((await app.inject({ url: `/api/chats/${kept}`, headers: other.headers() })).statusCode, 200, 'someone else\'s chat stays')
  t.same((await app.inject({ method: 'DELETE', url: '/api/chats', headers: visitor().headers(true), payload: { confirm: 'delete all chats' } })).json(), { deleted: 0 }, 'a new visitor has nothing to delete')
})
