// What later turns see of a chat's artifacts: the provider's prompt carries the current version of
// each artifact on the answer's branch (capped, a cut one saying so), a regenerated answer does not
// see a version made on the other branch, and a chat with the artifact tools off is not offered them.
import t, { type Test } from 'tap'
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, userMessage, visitor } from '../helpers/chat.ts'
import { scriptedModel, useModel } from '../helpers/scripted-model.ts'
import { startFakeOpenAI } from '../helpers/fake-openai.ts'

type Chunk = Record<string, any>

async function setUp(t: Test, env: Record<string, string> = {}) {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', ...env })
  const v = visitor()
  const chatId = (await createChat(app, v, 'Hello')).json().id as string
  const offline = app.llm.resolve
  async function post(payload: Record<string, unknown>) {
    const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload })
    if (res.statusCode !== 200) throw new Error(`ask: ${res.statusCode} ${res.body}`)
    return parseUiStream(res.body).chunks as Chunk[]
  }
  const ask = (text: string) => post({ messages: [userMessage(text)] })
  /** Asks with a scripted model and returns what the provider was called with. */
  async function seen(send: () => Promise<unknown>): Promise<LanguageModelV4CallOptions> {
    const model = scriptedModel({ words: ['Done.'] })
    useModel(app, model)
    try {
      await send()
    } finally {
      app.llm.resolve = offline
    }
    return model.doStreamCalls.at(-1)!
  }
  return { app, v, chatId, post, ask, seen }
}

const systemOf = (call: LanguageModelV4CallOptions) => call.prompt.filter((message) => message.role === 'system').map((message) => message.content).join('\n')
const made = (chunks: Chunk[]) => chunks.find((chunk) => chunk.type === 'tool-output-available')!.output

t.test('a later turn sees the current version of each artifact: id, kind, title, version and content', async (t) => {
  const { app, chatId, ask, seen } = await setUp(t)
  const page = made(await ask('Make a page about green tea'))
  const diagram = made(await ask('Draw a diagram of brewing'))
  await ask('Change the title to Brewing steps')
  const call = await seen(() => ask('Make the button blue'))
  const system = systemOf(call)
  const current = await app.artifacts.current(chatId, await app.artifacts.pathOf(chatId))
  t.equal(current.length, 2)
  for (const artifact of current) {
    t.ok(system.includes(`### Artifact ${JSON.stringify({ id: artifact.artifactId, kind: artifact.kind, title: artifact.title, version: artifact.version, bytes: Buffer.byteLength(artifact.content) })}`), `${artifact.kind}: its facts`)
    t.ok(system.includes(`\n${artifact.content}\n`), `${artifact.kind}: its whole content`)
  }
  t.match(system, /"title":"Brewing steps","version":2/, 'the diagram as renamed')
  t.ok(system.indexOf(`"id":"${page.artifactId}"`) < system.indexOf(`"id":"${diagram.artifactId}"`), 'the most recently changed last')
  t.match(system, /call update_artifact with its id: prefer `edits`/)
  t.same(
    call.tools?.map((tool) => tool.type === 'function' && tool.name),
    ['weather', 'chart', 'create_artifact', 'update_artifact'],
    'both tools are offered',
  )
  t.match(call.tools?.find((tool) => tool.type === 'function' && tool.name === 'create_artifact'), { description: /Answer inline instead for short snippets/ })
})

t.test('every artifact together is capped: large ones are cut with a note saying how big they are', async (t) => {
  const { app, chatId, seen, ask } = await setUp(t)
  const [first] = await app.artifacts.pathOf(chatId)
  const big = (letter: string) => `${`${letter.repeat(99)}\n`.repeat(400)}`
  for (const [title, content] of [['Small', 'tiny'], ['Big A', big('a')], ['Big B', big('b')]] as const) {
    await app.artifacts.create({ chatId, messageId: first!, kind: 'document', title, content, author: 'model' })
  }
  const system = systemOf(await seen(() => ask('What do they say?')))
  t.ok(system.includes('\ntiny\n'), 'the small one is whole')
  t.equal(system.match(/\[Cut: this artifact has 39\.1 KB and only its first 1[56]\.\d KB are shown\./g)?.length, 2, 'each large one says it was cut, and from what')
  t.ok(Buffer.byteLength(system) < 34 * 1024, `the section stays near its 32 KB cap (${Buffer.byteLength(system)} bytes)`)
})

t.test('a regenerated answer does not see the version made on the other branch', async (t) => {
  const { app, v, chatId, post, ask, seen } = await setUp(t)
  const { artifactId } = made(await ask('Make a page about green tea'))
  await ask('Change the title to Oolong')
  const messages = (await app.chats.messages(chatId)).filter((message) => message.role === 'user')
  const question = { id: messages.at(-1)!.id, role: 'user', parts: messages.at(-1)!.parts }
  const regenerate = () => post({ messages: [question], trigger: 'regenerate-message' })

  const system = systemOf(await seen(regenerate))
  t.match(system, /"title":"Green tea","version":1/)
  t.notMatch(system, /Oolong/, 'version 2 belongs to the answer that was replaced')

  // The offline model asked again: its edit applies to version 1, as this branch has it.
  const again = made(await regenerate())
  t.match(again, { artifactId, version: 3, title: 'Oolong', edits: 2 }, 'numbers go on across branches')
  const shown = (await app.inject({ url: `/api/chats/${chatId}/artifacts/${artifactId}`, headers: v.headers() })).json()
  t.match(shown, { version: 3, versions: [1, 3] }, 'the branch shown has its own versions only')
  const first = (await app.inject({ url: `/api/chats/${chatId}/artifacts/${artifactId}?version=1`, headers: v.headers() })).json()
  t.equal(shown.content, first.content.replaceAll('Green tea', 'Oolong'), 'made from version 1')
})

t.test('a chat with the artifact tools off is not offered them, and its prompt says so', async (t) => {
  const { app, v, chatId, ask, seen } = await setUp(t)
  const listed = (await app.inject({ url: '/api/tools' })).json().tools
  t.match(listed.at(-1), { name: 'artifacts', label: 'Artifacts', group: 'Built-in', needsApproval: false }, 'one switch for both tools')
  made(await ask('Make a page about tea'))
  const patched = await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { toolsOff: ['artifacts'] } })
  t.equal(patched.statusCode, 200)

  const offline = await ask('Make an SVG of a cat')
  t.notOk(offline.some((chunk) => String(chunk.type).startsWith('tool-')), 'no artifact made')
  const call = await seen(() => ask('Make an SVG of a dog'))
  t.same(call.tools?.map((tool) => tool.type === 'function' && tool.name), ['weather', 'chart'])
  t.match(systemOf(call), /The artifact tools are off in this chat/)
  t.notMatch(systemOf(call), /call update_artifact/)
})

t.test('AI_TOOLS without artifacts offers no artifact tools', async (t) => {
  const { app, ask } = await setUp(t, { AI_TOOLS: 'weather' })
  t.same((await app.inject({ url: '/api/tools' })).json().tools.map((tool: { name: string }) => tool.name), ['weather'])
  t.notOk((await ask('Make a page about tea')).some((chunk) => String(chunk.type).startsWith('tool-')))
})

t.test('an OpenAI-compatible provider receives the artifacts in its system message', async (t) => {
  const openai = await startFakeOpenAI(t)
  const { app } = await buildApp(t, { OPENAI_BASE_URL: openai.baseUrl, AI_MODELS: 'fake-gpt' })
  const v = visitor()
  const chatId = (await createChat(app, v, 'Hi')).json().id as string
  const [first] = await app.artifacts.pathOf(chatId)
  const artifact = await app.artifacts.create({ chatId, messageId: first!, kind: 'code', language: 'python', title: 'Hello', content: 'print("hello")', author: 'model' })
  await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [userMessage('Make it say goodbye')] } })
  const body = openai.requests.find((request) => request.path === '/v1/chat/completions' && request.body.stream)!.body
  t.equal(body.messages[0].role, 'system')
  t.ok(body.messages[0].content.includes(`"id":"${artifact.artifactId}","kind":"code","title":"Hello","version":1,"language":"python"`))
  t.ok(body.messages[0].content.includes('```python\nprint("hello")\n```'))
  t.same(body.tools.map((tool: { function: { name: string } }) => tool.function.name), ['weather', 'chart', 'create_artifact', 'update_artifact'])
})
