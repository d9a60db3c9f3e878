// A full page load inlines the first page of the visitor's chats (the sidebar) and the icons the
// list shows, so the browser fills the sidebar without a request after hydration.
import t from 'tap'
import { BOT_UA, buildApp, browser } from '../helpers/build-app.ts'
import { appState } from '../helpers/html.ts'
import { createChat, visitor } from '../helpers/chat.ts'
import { ICON_SNAPSHOT_ID } from '../../shared/icons.ts'
import { SIDEBAR_PAGE_SIZE } from '../../shared/constants.ts'

function inlinedIcons(html: string): string[] {
  const json = new RegExp(`<script type="application/json" id="${ICON_SNAPSHOT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1]
  return json ? Object.keys(JSON.parse(json)) : []
}

t.test('the page inlines the same first page of chats that GET /api/chats answers', async (t) => {
  const { app } = await buildApp(t)
  const owner = visitor()
  await createChat(app, owner, 'First question', 'first')
  await createChat(app, owner, 'Second question', 'second')
  await createChat(app, visitor(), 'Someone else', 'theirs')

  for (const path of ['/', '/chat/first']) {
    const page = await app.inject({ url: path, headers: owner.headers() })
    const list = await app.inject({ url: `/api/chats?limit=${SIDEBAR_PAGE_SIZE}`, headers: owner.headers() })
    const { chatList } = appState(page.body) as { chatList?: { chats: Array<{ id: string }>; nextCursor: string | null } }
    t.same(chatList, list.json(), `${path}: the inlined page is the API's`)
    t.same(chatList?.chats.map((chat) => chat.id), ['second', 'first'], `${path}: own chats only, newest first`)
    t.equal(chatList?.nextCursor, null, path)
  }
})

t.test('a visitor with more chats than a page gets the first page and a cursor for the next', async (t) => {
  const { app } = await buildApp(t)
  const owner = visitor()
  await createChat(app, owner, 'The first chat', 'chat-0')
  const ownerId = (await app.chats.get('chat-0'))!.ownerId
  for (let index = 1; index <= SIDEBAR_PAGE_SIZE; index++) {
    await app.chats.create({ id: `chat-${index}`, ownerId, model: null, message: { id: `m-${index}`, parts: [{ type: 'text', text: `Chat ${index}` }] } })
  }
  const { chatList } = appState((await app.inject({ url: '/', headers: owner.headers() })).body) as {
    chatList: { chats: unknown[]; nextCursor: string | null }
  }
  t.equal(chatList.chats.length, SIDEBAR_PAGE_SIZE)
  t.type(chatList.nextCursor, 'string')
  const next = await app.inject({ url: `/api/chats?limit=${SIDEBAR_PAGE_SIZE}&cursor=${chatList.nextCursor}`, headers: owner.headers() })
  t.equal(next.json().chats.length, 1, 'the cursor leads to the one chat left')
})

t.test('a 404 keeps the sidebar (and its list); a fatal error page, without the sidebar, gets none', async (t) => {
  const { app } = await buildApp(t)
  const owner = visitor()
  await createChat(app, owner, 'Hello', 'hello')
  for (const path of ['/no/such/page', '/chat/missing']) {
    const page = await app.inject({ url: path, headers: owner.headers() })
    t.equal(page.statusCode, 404, path)
    const { chatList } = appState(page.body) as { chatList?: { chats: Array<{ id: string }> } }
    t.same(chatList?.chats.map((chat) => chat.id), ['hello'], `${path}: the list is inlined`)
  }
  // An invalid chat id is a fatal 404: the whole page is the error, no sidebar.
  const fatal = await app.inject({ url: '/chat/not.valid', headers: owner.headers() })
  t.equal(fatal.statusCode, 404)
  t.notOk('chatList' in appState(fatal.body), 'no list for a fatal error page')
})

t.test('a first visit inlines an empty list; a bot gets none; a payload never carries it', async (t) => {
  const { app } = await buildApp(t)
  const fresh = await app.inject({ url: '/', headers: browser })
  t.same(appState(fresh.body).chatList, { chats: [], nextCursor: null, pinned: [], projects: [] })

  const bot = await app.inject({ url: '/', headers: { 'user-agent': BOT_UA, accept: 'text/html' } })
  t.equal(bot.statusCode, 200)
  t.notOk('chatList' in appState(bot.body), 'a bot never runs the sidebar')

  const owner = visitor()
  await createChat(app, owner, 'Hello', 'hello')
  const payload = await app.inject({ url: '/_payload.json', headers: owner.headers() })
  t.notOk('chatList' in payload.json(), 'client navigation already has the list')
})

t.test('the icons of the list (empty state, public mark, row menu) are inlined with the page', async (t) => {
  const { app } = await buildApp(t)
  const icons = inlinedIcons((await app.inject({ url: '/', headers: browser })).body)
  t.ok(['lucide:message-square', 'lucide:globe', 'lucide:ellipsis'].every((name) => icons.includes(name)), icons.join(', '))
})

t.test('when the chats cannot be listed, the page still renders and the browser asks later', async (t) => {
  const { app, logs } = await buildApp(t)
  const owner = visitor()
  await createChat(app, owner, 'Hello', 'hello')
  app.chats.list = async () => {
    throw new Error('database is down')
  }
  const page = await app.inject({ url: '/', headers: owner.headers() })
  t.equal(page.statusCode, 200)
  t.notOk('chatList' in appState(page.body))
  t.ok(logs.some((line) => String(line.msg).includes('could not list the chats')), 'logged')
})
