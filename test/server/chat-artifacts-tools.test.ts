// The model makes and changes artifacts through its tools, through the real chat API with the
// offline model: every kind is made (version 1, the card's output), a title change is an edit
// (version 2, the content changed only there), an edit that does not apply and a content too large
// are error results that store nothing, and a version belongs to its branch.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, streamedText, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { MockLanguageModelV4 } from 'ai/test'
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { useModel } from '../helpers/scripted-model.ts'

type Chunk = Record<string, any>

/** A chat of a new visitor's, and a way to ask in it (the answer read back once it is stored). */
async function chatIn(app: FastifyInstance, first = 'Hello', v: Visitor = visitor()) {
  const chatId = (await createChat(app, v, first)).json().id as string
  async function ask(text: string, payload: Record<string, unknown> = {}) {
    const message = userMessage(text)
    const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [message], ...payload } })
    if (res.statusCode !== 200) throw new Error(`ask: ${res.statusCode} ${res.body}`)
    const { chunks } = parseUiStream(res.body)
    const messages = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages
    return { chunks: chunks as Chunk[], text: streamedText(chunks), answer: messages.at(-1) as { id: string; parts: Chunk[] }, message }
  }
  const artifact = async (artifactId: string, version?: number) =>
    (await app.inject({ url: `/api/chats/${chatId}/artifacts/${artifactId}${version ? `?version=${version}` : ''}`, headers: v.headers() })).json()
  const list = async () => (await app.inject({ url: `/api/chats/${chatId}/artifacts`, headers: v.headers() })).json().artifacts as Chunk[]
  return { v, chatId, ask, artifact, list }
}

const output = (chunks: Chunk[]) => chunks.find((chunk) => chunk.type === 'tool-output-available')?.output
const errorOf = (chunks: Chunk[]) => chunks.find((chunk) => chunk.type === 'tool-output-error')?.errorText as string | undefined

async function app(t: Test, env: Record<string, string> = {}) {
  return (await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', ...env })).app
}

t.test('each kind asked for in words is made: version 1 stored, the card gets its output, the answer says what it made', async (t) => {
  const server = await app(t)
  const { ask, artifact, list } = await chatIn(server)
  const asks: Array<[string, string, RegExp]> = [
    ['Make a page about the history of tea', 'html', /<style>[\s\S]*<h1>The history of tea<\/h1>/],
    ['Draw an SVG of a lighthouse', 'svg', /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 300"/],
    ['Make a diagram of how coffee is made', 'mermaid', /flowchart TD\n {2}A\(\["Start with how coffee is made"\]\)/],
    ['Create a React component for a todo list', 'react', /export default function App\(\)[\s\S]*useState[\s\S]*<button/],
    ['Write a document about remote work', 'document', /^# Remote work\n[\s\S]*\n## Key points\n\n- [\s\S]*\| Word \| Letters \| Position \|[\s\S]*\$\$/],
    ['Make a table of apples, pears and plums', 'table', /^Item,Letters,Vowels,Consonants,Position\napples,6,2,4,1\npears,5,2,3,2\nplums,5,1,4,3\n$/],
    ['Write some code in rust', 'code', /fn main\(\) \{/],
  ]
  for (const [question, kind, content] of asks) {
    const { chunks, text, answer } = await ask(question)
    const made = output(chunks)
    t.match(made, { version: 1, kind, title: String, bytes: Number }, `${kind}: the card's output`)
    const input = chunks.find((chunk) => chunk.type === 'tool-input-available')!.input
    t.equal(input.kind, kind)
    t.match(input.content, content, `${kind}: real content`)
    t.ok(chunks.filter((chunk) => chunk.type === 'tool-input-delta').length >= 5, `${kind}: the content streams in pieces`)
    const stored = await artifact(made.artifactId)
    t.match(stored, { version: 1, kind, title: made.title, content: input.content, author: 'model', messageId: answer.id, versions: [1] }, `${kind}: stored as version 1 of the answer`)
    t.equal(made.bytes, Buffer.byteLength(input.content))
    t.same(answer.parts.map((part) => [part.type, part.state]), [['tool-create_artifact', 'output-available'], ['text', 'done']])
    // The content lives in the artifact's versions: the stored card keeps its size, not a second copy.
    const storedInput = (answer.parts[0] as { input: Record<string, unknown> }).input
    t.match(storedInput, { kind, title: made.title, contentBytes: made.bytes }, `${kind}: the stored card names the artifact`)
    t.notOk('content' in storedInput, `${kind}: the stored card does not hold the content again`)
    t.match(text, /^I made the .+ “.+”: it is open in the panel beside the chat \(version 1, [\d.]+ (KB|bytes)\)\.$/, `${kind}: one sentence says what`)
  }
  t.equal((await list()).length, asks.length)
  t.match((await list()).find((item) => item.kind === 'code'), { language: 'rust' })
})

t.test('a question that names a page is answered in words, not with an artifact', async (t) => {
  const server = await app(t)
  const { ask, list } = await chatIn(server)
  for (const question of ['How do I make a page load faster?', 'What is a good diagram tool?', 'Make a page load faster', 'Tell me about React components', 'I want to write a report']) {
    const { chunks } = await ask(question)
    t.notOk(chunks.some((chunk) => String(chunk.type).startsWith('tool-')), `no tool call for “${question}”`)
  }
  t.same(await list(), [])
})

t.test('“change the title” is an edit of the newest artifact: version 2 differs from 1 only there', async (t) => {
  const server = await app(t)
  const { ask, artifact } = await chatIn(server)
  const made = output((await ask('Make a page about green tea')).chunks)
  t.equal(made.title, 'Green tea')
  const { chunks, text } = await ask('Change the title to Oolong')
  const call = chunks.find((chunk) => chunk.type === 'tool-input-available')!
  t.equal(call.toolName, 'update_artifact')
  t.same(Object.keys(call.input).sort(), ['edits', 'id', 'title'], 'edits, never the whole content')
  t.match(output(chunks), { artifactId: made.artifactId, version: 2, title: 'Oolong', edits: 2 })
  const [v1, v2] = [await artifact(made.artifactId, 1), await artifact(made.artifactId, 2)]
  t.not(v2.content, v1.content)
  t.equal(v2.content, v1.content.replaceAll('Green tea', 'Oolong'), 'only the title changed')
  t.match(v2, { title: 'Oolong', versions: [1, 2] })
  t.match(text, /^I updated the page “Oolong” with 2 edits: version 2 is in the panel/)
})

t.test('an edit that does not apply is an error result naming it, and no version is stored', async (t) => {
  const server = await app(t)
  const { ask, artifact } = await chatIn(server)
  const { artifactId } = output((await ask('Write a document about tea')).chunks)
  const edit = async (edits: unknown) => ask(`update_artifact ${JSON.stringify({ id: artifactId, edits })}`)

  const missing = await edit([{ find: '# Tea', replace: '# Coffee' }, { find: 'no such text', replace: 'x' }])
  t.match(errorOf(missing.chunks), /^Edit 2 of 2: its find text \(“no such text”\) is not in the content as edit 1 left it\. .*Nothing was changed\. \(Artifact “Tea”, version 1\.\)$/)
  t.match(missing.text, /^I could not change the artifact: Edit 2 of 2/)
  const twice = await edit([{ find: 'tea', replace: 'coffee' }])
  t.match(errorOf(twice.chunks), /^The edit: its find text \(“tea”\) occurs \d+ times in the current content\. Make it longer/)
  t.same((await artifact(artifactId)).versions, [1], 'nothing was stored, not even edit 1 of the first call')

  const both = await ask(`update_artifact ${JSON.stringify({ id: artifactId, content: 'x', edits: [{ find: '# Tea', replace: '# T' }] })}`)
  t.match(errorOf(both.chunks), /Give either `content`.*or `edits`, not both/)
  const applied = await edit([{ find: '# Tea', replace: '# Tea and $& money' }])
  t.match(output(applied.chunks), { version: 2, edits: 1 })
  t.match((await artifact(artifactId)).content, /^# Tea and \$& money\n/, 'the new text is taken as written')
})

t.test('content over ARTIFACT_MAX_BYTES is an error result: nothing is made or changed', async (t) => {
  const server = await app(t, { ARTIFACT_MAX_BYTES: '2048' })
  const { ask, list, artifact } = await chatIn(server)
  const page = await ask('Make a page about tea')
  t.match(errorOf(page.chunks), /^The content would be [\d.]+ KB; an artifact may hold at most 2\.0 KB \(ARTIFACT_MAX_BYTES\)\. Nothing was stored/)
  t.match(page.text, /^I could not make the artifact: The content would be/)
  t.same(await list(), [])

  const { artifactId } = output((await ask('Make a table of red, green and blue')).chunks)
  const grown = await ask(`update_artifact ${JSON.stringify({ id: artifactId, edits: [{ find: 'Item,', replace: `${'x'.repeat(2048)},` }] })}`)
  t.match(errorOf(grown.chunks), /^After these edits the content would be 2\.1 KB; an artifact may hold at most 2\.0 KB/)
  t.same((await artifact(artifactId)).versions, [1])
})

t.test('an artifact of another chat, or of no chat, cannot be updated', async (t) => {
  const server = await app(t)
  const ada = await chatIn(server)
  const { artifactId } = output((await ada.ask('Make an SVG of a cat')).chunks)
  // Another visitor's chat, and another chat of the same visitor's: neither sees it.
  for (const other of [await chatIn(server), await chatIn(server, 'Second chat', ada.v)]) {
    const { chunks } = await other.ask(`update_artifact ${JSON.stringify({ id: artifactId, content: '<svg/>' })}`)
    t.match(errorOf(chunks), `There is no artifact “${artifactId}” in this conversation.`)
    t.same(await other.list(), [])
  }
  t.same((await ada.artifact(artifactId)).versions, [1], 'the artifact is as it was')
})

t.test('make it fail, then fix it: a component that throws, then a working version of it', async (t) => {
  const server = await app(t)
  const { ask, artifact } = await chatIn(server)
  const broken = output((await ask('Make it fail')).chunks)
  t.match(broken, { kind: 'react', version: 1, title: 'Broken component' })
  const content = (await artifact(broken.artifactId)).content as string
  t.match(content, /const tips = undefined\n[\s\S]*\{tips\.length\}/, 'it reads a property of undefined while rendering')
  const fixed = await ask("The artifact failed with this error: TypeError: Cannot read properties of undefined (reading 'length'). Fix it.")
  t.match(output(fixed.chunks), { artifactId: broken.artifactId, version: 2 })
  const working = (await artifact(broken.artifactId)).content as string
  t.notMatch(working, /undefined/)
  t.match(working, /const tips = \[/)
})

t.test('the panel’s Ask to fix names the artifact: that one is fixed, even when another is newer', async (t) => {
  const server = await app(t)
  const { ask, artifact } = await chatIn(server)
  const broken = output((await ask('Make it throw')).chunks)
  const newer = output((await ask('Make a page about tea')).chunks)
  const error = "TypeError: Cannot read properties of undefined (reading 'length')"
  // As client/components/artifacts/artifact-body.tsx words it.
  const { chunks } = await ask(`The artifact “${broken.title}” (id ${broken.artifactId}, version 1) fails in its preview with this error:\n\n\`\`\`\n${error}\n\`\`\`\n\nPlease fix it.`)
  t.match(output(chunks), { artifactId: broken.artifactId, version: 2 })
  t.match((await artifact(broken.artifactId)).content, /const tips = \[/)
  t.same((await artifact(newer.artifactId)).versions, [1], 'the newer one is left as it was')
})

t.test('one answer makes at most 20 artifact versions; the calls past that are error results', async (t) => {
  const server = await app(t)
  const { ask, list } = await chatIn(server)
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
  let step = 0
  useModel(
    server,
    new MockLanguageModelV4({
      doStream: async () => {
        step++
        const parts: LanguageModelV4StreamPart[] =
          step === 1
            ? [
                ...Array.from({ length: 22 }, (_, n) => ({ type: 'tool-call' as const, toolCallId: `c${n}`, toolName: 'create_artifact', input: JSON.stringify({ kind: 'document', title: `Note ${n}`, content: `# Note ${n}` }) })),
                { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
              ]
            : [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Made them.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]
        return { stream: new ReadableStream({ start: (controller) => { for (const part of parts) controller.enqueue(part); controller.close() } }) }
      },
    }) as never,
  )
  const { chunks } = await ask('Make many notes')
  t.equal(chunks.filter((chunk) => chunk.type === 'tool-output-available').length, 20)
  const refused = chunks.filter((chunk) => chunk.type === 'tool-output-error').map((chunk) => chunk.errorText)
  t.same(refused, Array(2).fill('This answer has made 20 artifact versions, the most one answer may. Nothing was stored: finish the answer in words; the user can ask for more.'))
  t.equal((await list()).length, 20)
})
