// The weather tool end to end: the offline model asks for it, the server calls (fake) Open-Meteo
// over a real socket, the card's data and the answer that uses it are streamed and stored.
import t, { type Test } from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, remember, streamedText, userMessage, visitor } from '../helpers/chat.ts'
import { startFakeOpenMeteo } from '../helpers/fake-open-meteo.ts'

async function ask(t: Test, env: Record<string, string>, question: string) {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', ...env })
  const v = visitor()
  const chatId = (await createChat(app, v, 'Hello')).json().id as string
  // How long the answer took, without the app's start (a fresh PostgreSQL database is slower to make).
  const askedAt = Date.now()
  const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [userMessage(question)] } })
  const answeredMs = Date.now() - askedAt
  t.equal(res.statusCode, 200)
  const { chunks, done } = parseUiStream(res.body)
  t.ok(done)
  const stored = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages
  return { app, v, chatId, chunks, answeredMs, answer: stored.at(-1) as { status: string; parts: Array<Record<string, any>> } }
}

t.test('asked about the weather in a place, the answer shows Open-Meteo’s report and uses it', async (t) => {
  const meteo = await startFakeOpenMeteo(t)
  const { app, v, chatId, chunks, answer } = await ask(t, { GEOCODING_API_URL: meteo.url, WEATHER_API_URL: meteo.url }, 'What is the weather in Paris today?')
  t.same(meteo.requests.map((url) => url.pathname), ['/v1/search', '/v1/forecast'])
  t.equal(meteo.requests[0]!.searchParams.get('name'), 'Paris')
  t.equal(meteo.requests[1]!.searchParams.get('latitude'), '48.85341')
  t.equal(meteo.requests[1]!.searchParams.get('forecast_days'), '7')
  t.match(chunks.find((chunk) => chunk.type === 'tool-input-available'), { toolName: 'weather', input: { location: 'Paris' }, title: 'Weather' })
  const output = chunks.find((chunk) => chunk.type === 'tool-output-available')?.output as Record<string, any>
  t.match(output, { place: { name: 'Paris', region: 'Île-de-France', country: 'France' }, current: { temperature: 12.3, condition: 'Overcast', feelsLike: 10.1 }, units: { temperature: '°C' } })
  t.equal(output.daily.length, 7)
  t.match(output.daily[1], { date: '2026-11-26', condition: 'Slight rain', high: 11.4, low: 6.5, precipitationChance: 80 })
  t.match(streamedText(chunks), /It is 12\.3°C and overcast in Paris, Île-de-France, France right now/)
  t.equal(answer.status, 'complete')
  t.same(
    answer.parts.map((part) => [part.type, part.state]),
    [
      ['tool-weather', 'output-available'],
      ['text', 'done'],
    ],
    'stored as the AI SDK parts, in order',
  )
  t.equal(answer.parts[0]!.output.current.temperature, 12.3)

  const markdown = (await app.inject({ url: `/api/chats/${chatId}/export?format=md`, headers: v.headers() })).body
  t.match(markdown, /## Assistant\n\n> \*\*Tool: weather\*\* `\{"location":"Paris"\}`\n>\n> Result: `\{"place":\{"name":"Paris"/, 'the export shows the call, then the answer')
  t.match(markdown, /…`\n\nIt is 12\.3°C/)
})

t.test('an unknown place and a failing upstream become error results, and the answer says so', async (t) => {
  const meteo = await startFakeOpenMeteo(t)
  const env = { GEOCODING_API_URL: meteo.url, WEATHER_API_URL: meteo.url }
  const unknown = await ask(t, env, 'How is the weather in Atlantis?')
  t.match(unknown.chunks.find((chunk) => chunk.type === 'tool-output-error'), { errorText: 'No place called “Atlantis” was found.' })
  t.match(streamedText(unknown.chunks), /I could not get the weather: No place called “Atlantis” was found\./)
  t.equal(unknown.answer.status, 'complete', 'a failing tool never fails the answer')

  meteo.forecastStatus = 500
  const down = await ask(t, env, 'weather in Berlin please')
  t.match(down.answer.parts[0], { type: 'tool-weather', state: 'output-error', errorText: 'Open-Meteo forecast answered with HTTP 500.' })
})

t.test('a slow upstream fails the call at TOOL_TIMEOUT_MS', async (t) => {
  const meteo = await startFakeOpenMeteo(t)
  meteo.delayMs = 2_000
  const { answer, answeredMs } = await ask(t, { GEOCODING_API_URL: meteo.url, WEATHER_API_URL: meteo.url, TOOL_TIMEOUT_MS: '300' }, 'weather in Paris?')
  t.ok(answeredMs < 1_800, `the answer did not wait for the upstream's 2 s (${answeredMs} ms)`)
  t.match(answer.parts[0], { state: 'output-error', errorText: 'Weather did not answer within 0.3 s.' })
})

t.test('AI_TOOLS=none offers no tools: the same question gets a plain answer', async (t) => {
  const meteo = await startFakeOpenMeteo(t)
  const { chunks, answer } = await ask(t, { GEOCODING_API_URL: meteo.url, WEATHER_API_URL: meteo.url, AI_TOOLS: 'none' }, 'What is the weather in Paris today?')
  t.equal(meteo.requests.length, 0)
  t.notOk(chunks.some((chunk) => String(chunk.type).startsWith('tool-')))
  t.same(answer.parts.map((part) => part.type), ['text'])
})

t.test('AI_TOOLS names only known tools', async (t) => {
  await t.rejects(buildApp(t, { AI_TOOLS: 'weather,teleport' }), /AI_TOOLS names unknown tools: teleport \(built-in tools: weather, chart, web_search, artifacts; or none\)/)
})

t.test('the Tools control: GET /api/tools lists them; a chat keeps which are off, and its answers go without them', async (t) => {
  const meteo = await startFakeOpenMeteo(t)
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', GEOCODING_API_URL: meteo.url, WEATHER_API_URL: meteo.url })
  const listed = (await app.inject({ url: '/api/tools' })).json().tools
  t.same(
    listed.map((tool: { name: string; label: string; group: string }) => [tool.name, tool.label, tool.group]),
    [
      ['weather', 'Weather', 'Built-in'],
      ['chart', 'Chart', 'Built-in'],
      ['artifacts', 'Artifacts', 'Built-in'],
    ],
  )
  const v = visitor()
  // Created with the weather turned off (the home screen's control).
  const created = await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: userMessage('Hi'), toolsOff: ['weather', 'weather'] } })
  t.equal(created.statusCode, 201)
  remember(v, created.headers['set-cookie'])
  const chatId = created.json().id as string
  const ask = async (text: string) => parseUiStream((await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [userMessage(text)] } })).body).chunks
  t.notOk((await ask('weather in Paris?')).some((chunk) => String(chunk.type).startsWith('tool-')), 'no weather call while it is off')
  t.equal(meteo.requests.length, 0)

  // Turned on again from the chat's control; the chart off.
  const patched = await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { toolsOff: ['chart'] } })
  t.equal(patched.statusCode, 200)
  t.same(patched.json().toolsOff, ['chart'])
  t.ok((await ask('weather in Paris?')).some((chunk) => chunk.type === 'tool-output-available'), 'the weather is called again')
  t.notOk((await ask('plot a chart of 1, 2, 3')).some((chunk) => String(chunk.type).startsWith('tool-')), 'the chart is off')

  // The owner's page payload carries the control's state; nobody else can change it.
  const payload = (await app.inject({ url: `/chat/${chatId}/_payload.json`, headers: v.headers() })).json()
  t.same(payload.data?.tools ?? payload.tools, { available: listed, off: ['chart'] })
  const stranger = visitor()
  const refused = await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: stranger.headers(true), payload: { toolsOff: [] } })
  t.equal(refused.statusCode, 404)
  const bad = await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { toolsOff: Array.from({ length: 101 }, (_, i) => `tool${i}`) } })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().message, /toolsOff/)
})

t.test('web search through SearXNG: numbered results for the model, source-url parts the answer cites', async (t) => {
  const { startFakeSearxng } = await import('../helpers/fake-searxng.ts')
  const searxng = await startFakeSearxng(t)
  t.same((await buildApp(t, {})).app.tools.list().map((tool) => tool.name), ['weather', 'chart', 'artifacts'], 'no search service, no web_search')
  await t.rejects(buildApp(t, { AI_TOOLS: 'web_search' }), /AI_TOOLS offers web_search: set SEARXNG_URL/)

  const { chunks, answer, app } = await ask(t, { SEARXNG_URL: searxng.url }, 'Search the web for the history of tea')
  t.same(app.tools.list().map((tool) => [tool.name, tool.label]), [
    ['weather', 'Weather'],
    ['chart', 'Chart'],
    ['web_search', 'Search the web'],
    ['artifacts', 'Artifacts'],
  ])
  t.equal(searxng.requests[0]!.searchParams.get('q'), 'the history of tea')
  t.equal(searxng.requests[0]!.searchParams.get('format'), 'json')
  const output = chunks.find((chunk) => chunk.type === 'tool-output-available')?.output as { results: Array<Record<string, unknown>> }
  t.same(
    output.results.map((result) => [result.n, result.host, result.title]),
    [
      [1, 'en.wikipedia.org', 'the history of tea - Wikipedia'],
      [2, 'example.org', 'A guide to the history of tea'],
    ],
    'web pages only, each once, numbered',
  )
  t.equal(output.results[0]!.snippet, 'the history of tea is a subject with a long history.', 'markup taken out of snippets')
  t.same(
    chunks.filter((chunk) => chunk.type === 'source-url').map((chunk) => [chunk.sourceId, chunk.url]),
    [
      ['1', 'https://en.wikipedia.org/wiki/the_history_of_tea'],
      ['2', 'https://www.example.org/guide/the_history_of_tea'],
    ],
  )
  t.match(streamedText(chunks), /\*\*the history of tea - Wikipedia\*\*: the history of tea is a subject with a long history\. \[1\]/)
  t.same(
    answer.parts.map((part) => part.type),
    ['tool-web_search', 'source-url', 'source-url', 'text'],
  )
})
