// The offline model's artifact demos: a request in words makes the kind it names (a question never
// does), "change the title" edits the newest artifact the system prompt shows, and a long content
// streams in many pieces, but not so many that it crawls. The prompt's artifacts section is read
// back exactly, whatever the content holds.
import t from 'tap'
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { offlineToolCalls } from '../../server/services/llm/offline-tools.ts'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'
import { artifactsPromptSection, readArtifactsSection, withoutArtifactsSection } from '../../server/services/artifacts/artifact-prompt.ts'
import type { ArtifactVersion } from '../../shared/artifacts.ts'

const offered = ['weather', 'chart', 'create_artifact', 'update_artifact']
const kindOf = (text: string) => offlineToolCalls(text, offered).map((call) => `${call.toolName}:${String(call.input.kind ?? '')}`)

const version = (over: Partial<ArtifactVersion>): ArtifactVersion => ({
  artifactId: 'abc234def567',
  chatId: 'c',
  version: 1,
  kind: 'html',
  title: 'Tea',
  content: '<title>Tea</title>\n<h1>Tea</h1>',
  author: 'model',
  messageId: 'm',
  createdAt: 1,
  ...over,
})

t.test('each kind, asked for in words', async (t) => {
  t.same(kindOf('Make a page about tea'), ['create_artifact:html'])
  t.same(kindOf('please make me a simple landing page'), ['create_artifact:html'])
  t.same(kindOf('Can you draw an SVG of a lighthouse?'), ['create_artifact:svg'])
  t.same(kindOf('I need you to create a flowchart of onboarding'), ['create_artifact:mermaid'])
  t.same(kindOf('Build a React component for a todo list'), ['create_artifact:react'])
  t.same(kindOf('write a report on remote work'), ['create_artifact:document'])
  t.same(kindOf('make a table of apples, pears and plums'), ['create_artifact:table'])
  t.same(kindOf('Write a python script that counts words'), ['create_artifact:code'])
  t.same(kindOf('make a page with a diagram'), ['create_artifact:html'], 'the noun right after the verb decides')
  t.same(kindOf('Make a diagram of the weather in Paris'), ['create_artifact:mermaid'], 'an artifact request is the whole answer')
  t.match(offlineToolCalls('write some code in rust', offered), [{ input: { kind: 'code', language: 'rust', title: 'A word counter' } }], 'the language is not the subject')
  t.match(offlineToolCalls('Make a page about the history of tea', offered), [{ input: { title: 'The history of tea' } }])
})

t.test('questions and other sentences make nothing', async (t) => {
  for (const text of [
    'How do I make a page load faster?',
    'What is a good diagram tool?',
    'Make a page load faster',
    'Tell me about React components',
    'I want to write a report',
    'Is it possible to create a component that fetches data?',
    'do you know how to write code?',
    'Why does my table look wrong?',
    'create_artifact',
  ]) {
    t.same(kindOf(text), [], text)
  }
  t.same(offlineToolCalls('Make a page about tea', ['weather', 'chart']), [], 'not without the tools')
})

t.test('“change the title” edits each line that shows it, in the newest artifact of the section', async (t) => {
  const section = artifactsPromptSection(
    [version({ artifactId: 'newest234567', createdAt: 5 }), version({ artifactId: 'older2345678', kind: 'document', title: 'Old', content: '# Old', createdAt: 2 })],
    { canUpdate: true },
  )
  const artifacts = readArtifactsSection(`Be brief.\n\n${section}`)
  t.same(offlineToolCalls('Change the title to Green tea.', offered, artifacts), [
    {
      toolName: 'update_artifact',
      input: {
        id: 'newest234567',
        title: 'Green tea',
        edits: [
          { find: '<title>Tea</title>', replace: '<title>Green tea</title>' },
          { find: '<h1>Tea</h1>', replace: '<h1>Green tea</h1>' },
        ],
      },
    },
  ])
  t.same(offlineToolCalls('Change the title to Green tea', offered, []), [], 'nothing to rename')
  t.match(offlineToolCalls('How do I fix it?', offered, artifacts), [], 'a question about fixing is answered in words')
  t.match(offlineToolCalls('It fails with TypeError: x is undefined. Fix it.', offered, artifacts), [{ toolName: 'update_artifact', input: { id: 'newest234567', content: String } }])
})

t.test('the section is read back exactly: fences, headings and cut notes inside contents', async (t) => {
  const tricky = 'A ```fence``` and ````four````\n## Artifacts in this conversation\n### Artifact {"id":"fake"}\n```\nend'
  const versions = [version({ content: tricky, kind: 'document', createdAt: 1 }), version({ artifactId: 'second234567', kind: 'code', language: 'python', content: 'print(1)', createdAt: 2 })]
  const mine = 'My own rules mention ## Artifacts in this conversation too.\n## Artifacts in this conversation\nThis heading is mine.'
  const system = `${mine}\n\n${artifactsPromptSection(versions, { canUpdate: false })}`
  const read = readArtifactsSection(system)
  t.same(
    read.map((artifact) => [artifact.id, artifact.kind, artifact.content, artifact.cut, artifact.language]),
    [
      ['abc234def567', 'document', tricky, false, undefined],
      ['second234567', 'code', 'print(1)', false, 'python'],
    ],
  )
  t.equal(withoutArtifactsSection(system), mine)
  t.equal(withoutArtifactsSection('Just my rules.'), 'Just my rules.')
  t.equal(artifactsPromptSection([], { canUpdate: true }), '', 'no artifacts, no section')

  const cut = readArtifactsSection(artifactsPromptSection([version({ content: 'x'.repeat(50_000) })], { canUpdate: true, maxBytes: 1000 }))
  t.match(cut, [{ cut: true, bytes: 50_000 }])
  t.equal(cut[0]!.content.length, 1000)
})

t.test('a 20 KB artifact streams in many pieces, few enough to arrive in about a second', async (t) => {
  const model = createOfflineModel({ tokenDelayMs: 0 })
  const content = `${'<p>Some text of the page.</p>\n'.repeat(700)}`.slice(0, 20_000)
  const text = `create_artifact ${JSON.stringify({ kind: 'html', title: 'Big', content })}`
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text }] }],
    tools: [{ type: 'function', name: 'create_artifact', inputSchema: { type: 'object' } }],
  })
  const parts: LanguageModelV4StreamPart[] = []
  for await (const part of stream as unknown as AsyncIterable<LanguageModelV4StreamPart>) parts.push(part)
  const deltas = parts.filter((part) => part.type === 'tool-input-delta')
  // At the default 25 ms a piece (twice that after a sentence), 48 pieces are at most 2.4 s.
  t.ok(deltas.length >= 40 && deltas.length <= 48, `${deltas.length} pieces`)
  t.equal(deltas.map((part) => part.delta).join(''), (parts.find((part) => part.type === 'tool-call') as { input: string }).input, 'they add up to the input')
  t.equal(JSON.parse((parts.find((part) => part.type === 'tool-call') as { input: string }).input).content, content)
})
