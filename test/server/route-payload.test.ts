// Each page's loader result is inlined for hydration and served as {path}/_payload.json.
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { appState } from '../helpers/html.ts'
import { createChat, visitor } from '../helpers/chat.ts'

t.test('/_payload.json serves the home loader result', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/_payload.json', headers: browser })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  t.equal(res.headers['cache-control'], 'no-store')
  // The model picker's choices come with the page: no request after hydration.
  t.same(res.json(), {
    data: {
      models: [{ id: 'offline', provider: 'offline', label: res.json().data.models[0].label, default: true }],
      defaultModel: 'offline',
      tools: [
        { name: 'weather', label: 'Weather', group: 'Built-in', description: res.json().data.tools[0].description, needsApproval: false },
        { name: 'chart', label: 'Chart', group: 'Built-in', description: res.json().data.tools[1].description, needsApproval: false },
        { name: 'artifacts', label: 'Artifacts', group: 'Built-in', description: res.json().data.tools[2].description, needsApproval: false },
      ],
    },
  })
})

t.test('/chat/{id}/_payload.json serves the same data the page inlines', async (t) => {
  const { app } = await buildApp(t)
  const owner = visitor()
  await createChat(app, owner, 'What is in the payload?', 'abc123')
  const payload = await app.inject({ url: '/chat/abc123/_payload.json', headers: owner.headers() })
  t.equal(payload.statusCode, 200)
  t.match(payload.json(), {
    data: {
      chat: { id: 'abc123', title: 'What is in the payload?', visibility: 'private', isOwner: true, streaming: false },
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'What is in the payload?' }], status: 'complete' }],
      votes: [],
    },
  })
  const page = await app.inject({ url: '/chat/abc123', headers: owner.headers() })
  t.same(appState(page.body).data, payload.json().data)
})

t.test('the payload of a chat that does not exist, or is private to someone else, is a JSON 404', async (t) => {
  const { app } = await buildApp(t)
  await createChat(app, visitor(), 'Private', 'theirs')
  for (const id of ['missing', 'theirs']) {
    const res = await app.inject({ url: `/chat/${id}/_payload.json`, headers: visitor().headers() })
    t.equal(res.statusCode, 404, id)
    t.same(res.json(), { statusCode: 404, code: 'CHAT_NOT_FOUND', message: 'Chat not found' }, id)
  }
})

t.test('the payload of an unknown page is a JSON 404', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/missing/page/_payload.json', headers: browser })
  t.equal(res.statusCode, 404)
  t.same(res.json(), { statusCode: 404, code: 'PAGE_NOT_FOUND', message: 'Page not found: /missing/page' })
})
