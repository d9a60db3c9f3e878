// The offline model's tool demos: which calls a message leads to (deterministic), and none when
// tools are not on offer or the step must answer.
import t from 'tap'
import { offlineToolCalls } from '../../server/services/llm/offline-tools.ts'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'

const offered = ['weather', 'chart', 'mcp__demo__echo']

t.test('the weather in a place', async (t) => {
  t.same(offlineToolCalls('What is the weather in Paris today?', offered), [{ toolName: 'weather', input: { location: 'Paris' } }])
  t.same(offlineToolCalls('temperature for New York right now', offered), [{ toolName: 'weather', input: { location: 'New York' } }])
  t.same(offlineToolCalls('What is the weather like?', offered), [], 'no place, no call')
})

t.test('a chart from the numbers in the message, or from its words', async (t) => {
  t.same(offlineToolCalls('Plot a line chart of sales: Jan 12, Feb 19, Mar 7', offered), [
    { toolName: 'chart', input: { title: 'Numbers from your message', kind: 'line', labels: ['Jan', 'Feb', 'Mar'], series: [{ name: 'Value', values: [12, 19, 7] }] } },
  ])
  t.match(offlineToolCalls('Draw a bar chart of 3, 5 and 8', offered), [{ toolName: 'chart', input: { kind: 'bar', labels: ['1', '2', '3'], series: [{ values: [3, 5, 8] }] } }])
  t.match(offlineToolCalls('Make me an area graph please', offered), [{ toolName: 'chart', input: { kind: 'area', title: 'Letters per word of your message', labels: ['Make', 'me', 'an', 'area', 'graph', 'please'], series: [{ values: [4, 2, 2, 4, 5, 6] }] } }])
})

t.test('any tool named in full, with the JSON written after it as its input', async (t) => {
  t.same(offlineToolCalls('Please call mcp__demo__echo {"text": "hi {there}"} now', offered), [{ toolName: 'mcp__demo__echo', input: { text: 'hi {there}' } }])
  t.same(offlineToolCalls('use mcp__demo__echo', offered), [{ toolName: 'mcp__demo__echo', input: {} }])
  t.same(offlineToolCalls('chart {"title": 5}', offered), [{ toolName: 'chart', input: { title: 5 } }], 'a built-in tool with written input gets exactly that input')
  t.same(offlineToolCalls('use mcp__demo__echo', ['weather']), [], 'only tools on offer')
})

t.test('the model calls only when tools are offered and the step may call', async (t) => {
  const model = createOfflineModel({ tokenDelayMs: 0 })
  const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'weather in Paris' }] }]
  const tools = [{ type: 'function' as const, name: 'weather', inputSchema: { type: 'object' as const } }]
  const kinds = async (options: object) => {
    const { stream } = await model.doStream({ prompt, ...options })
    const types: string[] = []
    for await (const part of stream as unknown as AsyncIterable<{ type: string }>) types.push(part.type)
    return types
  }
  t.ok((await kinds({ tools })).includes('tool-call'))
  t.notOk((await kinds({ tools, toolChoice: { type: 'none' } })).includes('tool-call'))
  t.notOk((await kinds({})).includes('tool-call'))
  const generated = await model.doGenerate({ prompt, tools })
  t.match(generated.content, [{ type: 'tool-call', toolName: 'weather', input: '{"location":"Paris"}' }])
})
