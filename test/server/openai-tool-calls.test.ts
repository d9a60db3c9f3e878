// Tools over the OpenAI-compatible wire: the request offers them (`tools`, `tool_choice`), streamed
// `tool_calls` deltas — several calls in one step, arguments split across chunks — become calls,
// and the follow-up request carries the assistant's calls and one `tool` message per result.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, streamedText, userMessage, visitor } from '../helpers/chat.ts'
import { startFakeOpenAI } from '../helpers/fake-openai.ts'
import { startFakeOpenMeteo } from '../helpers/fake-open-meteo.ts'

t.test('two tool calls split across chunks run, and their results go back as tool messages', async (t) => {
  const openai = await startFakeOpenAI(t)
  const meteo = await startFakeOpenMeteo(t)
  openai.script((body) =>
    body.messages.at(-1).role === 'tool'
      ? { chunks: ['Paris is ', '12.3°C; ', 'chart drawn.'] }
      : {
          reasoning: ['The user wants weather and a chart.'],
          chunks: [],
          toolCallChunks: [
            [{ index: 0, id: 'call_w', type: 'function', function: { name: 'weather', arguments: '' } }],
            [{ index: 0, function: { arguments: '{"loca' } }],
            [{ index: 0, function: { arguments: 'tion":"Paris"}' } }, { index: 1, id: 'call_c', type: 'function', function: { name: 'chart', arguments: '{"title":"T","kind":"bar",' } }],
            [{ index: 1, function: { arguments: '"labels":["a","b"],"series":[{"name":"s","values":[1,2]}]}' } }],
          ],
        },
  )
  const { app } = await buildApp(t, { OPENAI_BASE_URL: openai.baseUrl, AI_MODELS: 'fake-gpt', GEOCODING_API_URL: meteo.url, WEATHER_API_URL: meteo.url })
  const v = visitor()
  const chatId = (await createChat(app, v, 'Hi')).json().id as string
  const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [userMessage('Weather in Paris, and a chart')] } })
  const { chunks } = parseUiStream(res.body)

  const answers = openai.requests.filter((request) => request.path === '/v1/chat/completions' && request.body.stream)
  t.equal(answers.length, 2, 'two model steps')
  const first = answers[0]!.body
  t.same(
    first.tools.map((tool: { type: string; function: { name: string } }) => [tool.type, tool.function.name]),
    [
      ['function', 'weather'],
      ['function', 'chart'],
      ['function', 'create_artifact'],
      ['function', 'update_artifact'],
    ],
  )
  t.match(first.tools[0].function.parameters, { type: 'object', required: ['location'] })
  t.equal(first.tool_choice, 'auto')
  const followUp = answers[1]!.body.messages
  t.match(followUp.at(-3), {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_w', type: 'function', function: { name: 'weather', arguments: '{"location":"Paris"}' } },
      { id: 'call_c', type: 'function', function: { name: 'chart' } },
    ],
  })
  t.notOk(JSON.stringify(followUp).includes('The user wants weather'), 'reasoning is not sent back')
  t.equal(followUp.at(-2).role, 'tool')
  t.equal(followUp.at(-2).tool_call_id, 'call_w')
  t.match(JSON.parse(followUp.at(-2).content), { place: { name: 'Paris' }, current: { temperature: 12.3 } })
  t.match(followUp.at(-1), { role: 'tool', tool_call_id: 'call_c' })

  t.same(
    chunks.filter((chunk) => chunk.type === 'tool-input-delta' && chunk.toolCallId === 'call_w').map((chunk) => chunk.inputTextDelta),
    ['{"loca', 'tion":"Paris"}'],
    'the arguments stream as they come',
  )
  t.equal(streamedText(chunks), 'Paris is 12.3°C; chart drawn.')
  const stored = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages.at(-1)
  t.same(
    stored.parts.map((part: { type: string; state?: string }) => [part.type, part.state]),
    [
      ['reasoning', 'done'],
      ['tool-weather', 'output-available'],
      ['tool-chart', 'output-available'],
      ['text', 'done'],
    ],
  )
})

t.test('tool call pieces: arguments sent as an object, a name that comes after its arguments, a call without an id', async (t) => {
  const { createToolCallCollector } = await import('../../server/services/llm/openai-chat-wire.ts')
  const collector = createToolCallCollector()
  const events = [
    ...collector.push([{ index: 0, function: { name: 'weather', arguments: { location: 'Oslo' } } }]),
    ...collector.push([{ index: 1, id: 'x', function: { arguments: '{"a":' } }]),
    ...collector.push([{ index: 1, function: { name: 'chart', arguments: '1}' } }]),
  ]
  t.same(events, [
    { kind: 'start', id: 'call_0', name: 'weather' },
    { kind: 'args', id: 'call_0', text: '{"location":"Oslo"}' },
    { kind: 'start', id: 'x', name: 'chart' },
    { kind: 'args', id: 'x', text: '{"a":' },
    { kind: 'args', id: 'x', text: '1}' },
  ])
  t.same(collector.finished(), [
    { id: 'call_0', name: 'weather', args: '{"location":"Oslo"}' },
    { id: 'x', name: 'chart', args: '{"a":1}' },
  ])
})
