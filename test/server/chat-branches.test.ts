// Conversations as trees: an edited question and a regenerated answer are new versions,
// nothing is deleted, the chat shows one branch (kept across devices, the share page and the
// Markdown export), the model sees that branch alone, and the JSON export carries every branch.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, streamedText, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { CONTINUE_PROMPT } from '../../server/services/llm/prompts.ts'
import { scriptedModel, useModel } from '../helpers/scripted-model.ts'

type Message = { id: string; role: string; parts: Array<{ type: string; text?: string }>; versions?: string[]; status: string }

const textOf = (message: Message) => message.parts.map((part) => part.text ?? '').join('')

function chatApi(app: FastifyInstance, v: Visitor, chatId: string) {
  const url = `/api/chats/${chatId}`
  return {
    async read(): Promise<Message[]> {
      const res = await app.inject({ url, headers: v.headers() })
      return res.json().messages
    },
    /** Sends a new question after `parentId` (what the sender's screen showed before it). */
    async send(text: string, parentId?: string | null) {
      const message = userMessage(text)
      const res = await app.inject({ method: 'POST', url, headers: v.headers(true), payload: { id: chatId, messages: [message], trigger: 'submit-message', ...(parentId !== undefined && { parentId }) } })
      return { res, id: message.id }
    },
    /** Asks for the answer to `question` again (the browser's regenerate sends the question last). */
    regenerate(question: Message) {
      return app.inject({ method: 'POST', url, headers: v.headers(true), payload: { id: chatId, messages: [question], trigger: 'regenerate-message' } })
    },
    branch(messageId: string) {
      return app.inject({ method: 'POST', url: `${url}/branch`, headers: v.headers(true), payload: { messageId } })
    },
  }
}

/** The words of every user and assistant message the model was last sent. */
function lastPrompt(model: ReturnType<typeof scriptedModel>): string {
  const prompt = model.doStreamCalls.at(-1)!.prompt
  return prompt
    .filter((message) => message.role !== 'system')
    .map((message) => (Array.isArray(message.content) ? message.content.map((part) => ('text' in part ? part.text : '')).join('') : message.content))
    .join(' | ')
}

async function answeredChat(app: FastifyInstance, v: Visitor) {
  const chat = (await createChat(app, v, 'Q1')).json()
  const api = chatApi(app, v, chat.id)
  await api.regenerate((await api.read())[0]!)
  const afterFirst = await api.read()
  await api.send('Q2', afterFirst[1]!.id)
  return { chat, api, messages: await api.read() }
}

t.test('editing a question makes a new version with its own answer; switching back shows the old branch, and the choice is kept', async (t) => {
  const { app } = await buildApp(t)
  const model = scriptedModel({ words: ['An ', 'answer.'] })
  useModel(app, model)
  const v = visitor()
  const { chat, api, messages: before } = await answeredChat(app, v)
  t.same(before.map(textOf), ['Q1', 'An answer.', 'Q2', 'An answer.'])
  t.notOk(before.some((message) => message.versions), 'a straight chat has no versions')

  // The browser sends the edited text as a new message after what preceded the edited one.
  const edit = await api.send('Q2 edited', before[1]!.id)
  t.equal(edit.res.statusCode, 200)
  t.equal(lastPrompt(model), 'Q1 | An answer. | Q2 edited', 'the model sees the new branch alone, not the question it replaces')
  const edited = await api.read()
  t.same(edited.map(textOf), ['Q1', 'An answer.', 'Q2 edited', 'An answer.'])
  t.same(edited[2]!.versions, [before[2]!.id, edit.id], 'the edited question is version 2 of 2')
  t.notOk(edited[3]!.versions, 'its answer is its only one')
  t.equal(edited[0]!.versions, undefined)

  const back = await api.branch(before[2]!.id)
  t.equal(back.statusCode, 200)
  t.same(back.json().messages.map((message: Message) => message.id), before.map((message) => message.id), 'the old question and its answer, as they were')
  t.same(back.json().messages[2].versions, [before[2]!.id, edit.id], 'version 1 of 2')
  t.same((await api.read()).map((message) => message.id), before.map((message) => message.id), 'kept: a reload (or another device) shows the chosen branch')

  // A question sent now continues the shown branch, and the model sees that branch.
  const next = await api.send('Q3', before[3]!.id)
  t.equal(next.res.statusCode, 200)
  t.equal(lastPrompt(model), 'Q1 | An answer. | Q2 | An answer. | Q3')
  const longer = await api.read()
  t.same(longer.map(textOf), ['Q1', 'An answer.', 'Q2', 'An answer.', 'Q3', 'An answer.'])

  // Switching to the edited version shows its newest continuation.
  const forward = (await api.branch(edit.id)).json().messages as Message[]
  t.same(forward.map(textOf), ['Q1', 'An answer.', 'Q2 edited', 'An answer.'])

  // The share page and the Markdown export show the chosen branch; a reader cannot switch.
  await app.inject({ method: 'PATCH', url: `/api/chats/${chat.id}`, headers: v.headers(true), payload: { visibility: 'public' } })
  const reader = visitor()
  const shared = (await app.inject({ url: `/api/chats/${chat.id}`, headers: reader.headers() })).json().messages as Message[]
  t.same(shared.map(textOf), ['Q1', 'An answer.', 'Q2 edited', 'An answer.'])
  t.notOk(shared.some((message) => message.versions), 'a reader is not told of other versions')
  const markdown = (await app.inject({ url: `/api/chats/${chat.id}/export?format=md`, headers: v.headers() })).body
  t.match(markdown, /Q2 edited/)
  t.notMatch(markdown, /Q3/, 'the Markdown export is the shown branch')
  t.equal((await chatApi(app, reader, chat.id).branch(before[2]!.id)).statusCode, 404, 'a reader of a shared chat cannot switch it')
  t.same((await api.read()).map(textOf), ['Q1', 'An answer.', 'Q2 edited', 'An answer.'], 'and nothing changed')

  // The JSON export: the owner gets every branch, a reader the branch it sees.
  const tree = (await app.inject({ url: `/api/chats/${chat.id}/export?format=json`, headers: v.headers() })).json()
  t.equal(tree.messages.length, 8, 'every message of every branch')
  t.equal(tree.chat.currentLeafId, forward[3]!.id)
  const parentOf = new Map(tree.messages.map((message: Message & { parentId: string | null }) => [message.id, message.parentId]))
  t.equal(parentOf.get(edit.id), before[1]!.id, 'the edited question is a sibling of the one it replaces')
  t.equal(parentOf.get(before[2]!.id), before[1]!.id)
  t.equal(parentOf.get(next.id), before[3]!.id)
  const readerTree = (await app.inject({ url: `/api/chats/${chat.id}/export?format=json`, headers: reader.headers() })).json()
  t.same(readerTree.messages.map((message: Message) => message.id), forward.map((message) => message.id), 'a reader’s export holds only the shown branch')
})

t.test('regenerating twice keeps three versions of the answer; votes belong to a version', async (t) => {
  const { app } = await buildApp(t)
  const model = scriptedModel({ words: ['Same ', 'words.'] })
  useModel(app, model)
  const v = visitor()
  const { chat, api, messages: first } = await answeredChat(app, v)
  await app.inject({ method: 'POST', url: `/api/chats/${chat.id}/votes`, headers: v.headers(true), payload: { messageId: first[3]!.id, value: 'up' } })

  t.equal((await api.regenerate(first[2]!)).statusCode, 200)
  t.equal(lastPrompt(model), 'Q1 | Same words. | Q2', 'the model sees the question, not the answer it replaces')
  t.equal((await api.regenerate(first[2]!)).statusCode, 200)
  const after = await api.read()
  t.equal(after.length, 4)
  t.equal(after[3]!.versions?.length, 3, 'version 3 of 3')
  t.equal(after[3]!.versions![0], first[3]!.id, 'the first answer is version 1')
  t.equal(after[3]!.versions![2], after[3]!.id, 'the newest is shown')

  const votes = (await app.inject({ url: `/api/chats/${chat.id}/votes`, headers: v.headers(true) })).json().votes
  t.same(votes, [{ messageId: first[3]!.id, value: 'up' }], 'the vote stays with the version it was given to')
  const old = (await api.branch(first[3]!.id)).json().messages as Message[]
  t.equal(old[3]!.id, first[3]!.id, 'version 1 shows again')
})

t.test('a chat’s first message can be edited: the new version is a second first message', async (t) => {
  const { app } = await buildApp(t)
  const model = scriptedModel({ words: ['Fine.'] })
  useModel(app, model)
  const v = visitor()
  const { api, messages: before } = await answeredChat(app, v)
  const edit = await api.send('Q1 again', null)
  t.equal(edit.res.statusCode, 200)
  t.equal(lastPrompt(model), 'Q1 again', 'nothing of the first version reaches the model')
  const after = await api.read()
  t.same(after.map(textOf), ['Q1 again', 'Fine.'])
  t.same(after[0]!.versions, [before[0]!.id, edit.id])
  const back = (await api.branch(before[0]!.id)).json().messages as Message[]
  t.same(back.map((message) => message.id), before.map((message) => message.id), 'the whole first version is still there')
})

t.test('search finds text in a hidden branch and opens the chat on it', async (t) => {
  const { app } = await buildApp(t)
  useModel(app, scriptedModel({ words: ['Noted.'] }))
  const v = visitor()
  const { api, messages: before } = await answeredChat(app, v)
  await api.send('What about zeppelins', before[1]!.id)
  await api.branch(before[2]!.id)
  t.notOk((await api.read()).some((message) => textOf(message).includes('zeppelins')), 'the zeppelin question is in a hidden branch')
  const hits = (await app.inject({ url: '/api/chats/search?q=zeppelins', headers: v.headers() })).json().results
  t.equal(hits.length, 1, 'found all the same')
  const opened = (await api.branch(hits[0].messageId)).json()
  t.same(opened.messages.map(textOf), ['Q1', 'Noted.', 'What about zeppelins', 'Noted.'], 'the hit’s message opens its branch')
  t.equal(opened.switched, true)
  t.equal((await api.branch(hits[0].messageId)).json().switched, false, 'a message the chat shows already changes nothing')
})

t.test('switching: ownership, unknown messages, and refusals while an answer is written', async (t) => {
  const { app } = await buildApp(t)
  useModel(app, scriptedModel({ words: ['One ', 'two ', 'three.'] }))
  const v = visitor()
  const { chat, api, messages: before } = await answeredChat(app, v)
  await api.send('Q2 edited', before[1]!.id)

  const stranger = visitor()
  await createChat(app, stranger, 'mine')
  t.equal((await chatApi(app, stranger, chat.id).branch(before[2]!.id)).statusCode, 404, 'another owner gets 404')
  const unknown = await api.branch('no-such-message')
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json(), { code: 'MESSAGE_NOT_FOUND' })
  const bad = await api.branch('')
  t.equal(bad.statusCode, 400, 'an empty id is refused by the schema')
  const gone = await api.send('after what?', 'no-such-message')
  t.equal(gone.res.statusCode, 409, 'a parent the chat does not have')
  t.match(gone.res.json(), { code: 'CHAT_CHANGED', message: /reload/ })
  t.equal((await api.read()).length, 4, 'nothing was stored')

  // While an answer is written, neither a switch nor a new version is accepted.
  useModel(app, scriptedModel({ words: Array.from({ length: 200 }, () => 'slow '), delayMs: 10 }))
  const shown = await api.read()
  const running = api.regenerate(shown[2]!)
  // Until the answer has started (a loaded machine, PostgreSQL: more than a fixed wait).
  for (const deadline = Date.now() + 10_000; !app.answers.get(chat.id) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10))
  t.ok(app.answers.get(chat.id), 'the answer is being written')
  const during = await api.branch(before[2]!.id)
  t.equal(during.statusCode, 409)
  t.match(during.json(), { code: 'ANSWER_RUNNING', message: /answer is being written/ })
  const editDuring = await api.send('another edit', before[1]!.id)
  t.equal(editDuring.res.statusCode, 409, 'a new version while an answer streams is refused')
  t.same((await app.inject({ method: 'POST', url: `/api/chats/${chat.id}/stop`, headers: v.headers() })).json(), { stopped: true })
  await running
  t.equal((await api.branch(before[2]!.id)).statusCode, 200, 'once it ended, switching works')
})

t.test('deleting a chat deletes every branch', async (t) => {
  const { app } = await buildApp(t)
  useModel(app, scriptedModel({ words: ['Ok.'] }))
  const v = visitor()
  const { chat, api, messages: before } = await answeredChat(app, v)
  await api.send('Q2 edited', before[1]!.id)
  await api.regenerate((await api.read())[2]!)
  t.equal((await app.db.selectFrom('messages').select('id').where('chat_id', '=', chat.id).execute()).length, 7)
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${chat.id}`, headers: v.headers() })).statusCode, 204)
  t.equal((await app.db.selectFrom('messages').select('id').where('chat_id', '=', chat.id).execute()).length, 0, 'no message of any branch is left')
})

t.test('DELETE of a message removes it and what follows it on its branch only; the chat then shows a version left', async (t) => {
  const { app } = await buildApp(t)
  useModel(app, scriptedModel({ words: ['Ok.'] }))
  const v = visitor()
  const { chat, api, messages: before } = await answeredChat(app, v)
  const edit = await api.send('Q2 edited', before[1]!.id)
  await api.branch(before[2]!.id)
  const res = await app.inject({ method: 'DELETE', url: `/api/chats/${chat.id}/messages`, headers: v.headers(true), payload: { messageId: before[2]!.id, type: 'edit' } })
  t.equal(res.statusCode, 200)
  const shown = res.json().messages as Message[]
  t.same(shown.map(textOf), ['Q1', 'Ok.', 'Q2 edited', 'Ok.'], 'the other version of the question and its answer stay, and show')
  t.equal(shown[2]!.id, edit.id)
  t.notOk(shown[2]!.versions, 'it is the only version left')
})

t.test('Continue writes on after an answer that was stopped, into the same answer', async (t) => {
  const { app } = await buildApp(t)
  const words = Array.from({ length: 200 }, (_, index) => `w${index} `)
  const model = scriptedModel({ words, delayMs: 10 })
  useModel(app, model)
  const v = visitor()
  const chat = (await createChat(app, v, 'Tell me a long story')).json()
  const api = chatApi(app, v, chat.id)
  const question = (await api.read())[0]!
  const running = api.regenerate(question)
  // Stopped once some words are out.
  while (!(await app.answers.isRunning(chat.id))) await new Promise((resolve) => setTimeout(resolve, 10))
  await new Promise((resolve) => setTimeout(resolve, 150))
  t.same((await app.inject({ method: 'POST', url: `/api/chats/${chat.id}/stop`, headers: v.headers() })).json(), { stopped: true })
  await running
  const stopped = (await api.read())[1]!
  t.equal(stopped.status, 'partial')
  const before = textOf(stopped)
  t.ok(before.length > 0 && before.length < words.join('').length, 'stopped part-way')

  // A complete answer is not continued; nor is one the chat does not have, nor someone else's.
  const writer = scriptedModel({ words: ['and ', 'the ', 'end.'] })
  useModel(app, writer)
  const cont = (messageId: string, who = v) =>
    app.inject({ method: 'POST', url: `/api/chats/${chat.id}`, headers: who.headers(true), payload: { id: chat.id, messages: [question], trigger: 'regenerate-message', continue: messageId } })
  t.equal((await cont('no-such-answer')).statusCode, 404)
  const stranger = visitor()
  await createChat(app, stranger, 'mine')
  t.equal((await cont(stopped.id, stranger)).statusCode, 404)

  const res = await cont(stopped.id)
  t.equal(res.statusCode, 200)
  const { chunks } = parseUiStream(res.body)
  t.match(chunks[0], { type: 'start', messageId: stopped.id }, 'the same answer')
  t.equal(streamedText(chunks), `${before}and the end.`, 'the stream carries what it had, then the new words (a replay shows all of it)')
  const after = await api.read()
  t.equal(after.length, 2, 'no new message')
  t.equal(after[1]!.id, stopped.id)
  t.equal(after[1]!.status, 'complete')
  t.equal(textOf(after[1]!), `${before}and the end.`)
  t.equal(lastPrompt(writer), `Tell me a long story | ${before} | ${CONTINUE_PROMPT}`, 'the model was asked to write on after its own words')

  const done = await cont(stopped.id)
  t.equal(done.statusCode, 409, 'a complete answer is not continued')
  t.match(done.json(), { code: 'NOT_CUT' })
})
