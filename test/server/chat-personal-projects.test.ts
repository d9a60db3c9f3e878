// Projects, pins and archive: the sidebar's first page brings the pinned chats and the
// projects; the history leaves out pinned, archived and project chats; a project's and the archive's
// chats page like the history; everything is the owner's alone (404 to others), moves on sign-in,
// and search still finds archived chats.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, remember, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'
import { PROJECT_NAME_MAX_CHARS } from '../../shared/personal.ts'

const list = (app: FastifyInstance, v: Visitor, query = '') => app.inject({ url: `/api/chats${query}`, headers: v.headers() })
const patch = (app: FastifyInstance, v: Visitor, chatId: string, payload: object) => app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: v.headers(true), payload })
async function newProject(app: FastifyInstance, v: Visitor, name: string, instructions?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/projects', headers: v.headers(true), payload: { name, ...(instructions !== undefined && { instructions }) } })
  remember(v, res.headers['set-cookie'])
  return res
}
const titles = (chats: Array<{ title: string }>) => chats.map((chat) => chat.title)

t.test('pin and archive: the history, the pinned group and the archive each show the right chats', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  const ids: Record<string, string> = {}
  for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta']) ids[title] = (await createChat(app, v, title)).json().id

  const pinned = await patch(app, v, ids.Bravo!, { pinned: true })
  t.equal(pinned.statusCode, 200)
  t.type(pinned.json().pinnedAt, 'number', 'the chat says when it was pinned')
  await patch(app, v, ids.Alpha!, { pinned: true })
  await patch(app, v, ids.Charlie!, { archived: true })

  const first = (await list(app, v)).json()
  t.same(titles(first.chats), ['Delta'], 'the history has neither pinned nor archived chats')
  t.same(titles(first.pinned), ['Alpha', 'Bravo'], 'pinned, newest pin first')
  t.same(first.projects, [])
  const archived = (await list(app, v, '?archived=true')).json()
  t.same(titles(archived.chats), ['Charlie'])
  t.type(archived.chats[0].archivedAt, 'number')
  t.equal(archived.pinned, undefined, 'the archive page brings no pinned group')

  const search = (await app.inject({ url: '/api/chats/search?q=Charlie', headers: v.headers() })).json()
  t.same(search.results.map((hit: { chatId: string }) => hit.chatId), [ids.Charlie], 'search still finds an archived chat')

  // Archiving a pinned chat hides it from the pinned group too; restoring brings it back.
  await patch(app, v, ids.Alpha!, { archived: true })
  t.same(titles((await list(app, v)).json().pinned), ['Bravo'])
  await patch(app, v, ids.Alpha!, { archived: false })
  await patch(app, v, ids.Charlie!, { archived: false })
  const restored = (await list(app, v)).json()
  t.same(titles(restored.pinned), ['Alpha', 'Bravo'])
  t.same(titles(restored.chats), ['Delta', 'Charlie'], 'restored to the history in its place by activity')
  await patch(app, v, ids.Bravo!, { pinned: false })
  t.same(titles((await list(app, v)).json().chats), ['Delta', 'Charlie', 'Bravo'], 'unpinned: back in the history')
  t.same((await list(app, v, '?archived=true')).json().chats, [])
})

t.test('the archive pages with a cursor like the history', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  for (let index = 0; index < 5; index++) {
    const id = (await createChat(app, v, `Old ${index}`)).json().id
    await patch(app, v, id, { archived: true })
  }
  const first = (await list(app, v, '?archived=true&limit=3')).json()
  t.same(titles(first.chats), ['Old 4', 'Old 3', 'Old 2'])
  const second = (await list(app, v, `?archived=true&limit=3&cursor=${first.nextCursor}`)).json()
  t.same(titles(second.chats), ['Old 1', 'Old 0'])
  t.equal(second.nextCursor, null)
  t.equal((await list(app, v, `?archived=true&project=${'p'.repeat(8)}`)).statusCode, 400, 'archived and a project at once is refused')
})

t.test('projects: create, rename, limits, its chats, moving chats in and out, deleting keeps the chats', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  const created = await newProject(app, v, '  Garden  ', 'We grow tomatoes.')
  t.equal(created.statusCode, 201)
  const project = created.json()
  t.match(project, { name: 'Garden', instructions: 'We grow tomatoes.' })
  t.equal((await newProject(app, v, '   ')).json().code, 'BAD_NAME', 'an empty name is refused')
  t.equal((await newProject(app, v, 'x'.repeat(PROJECT_NAME_MAX_CHARS + 1))).statusCode, 400, 'a long name is refused')

  const chat = (await createChat(app, v, 'Soil')).json().id as string
  const other = (await createChat(app, v, 'Taxes')).json().id as string
  const moved = await patch(app, v, chat, { projectId: project.id })
  t.equal(moved.json().projectId, project.id)
  const first = (await list(app, v)).json()
  t.same(titles(first.chats), ['Taxes'], 'a project\'s chat leaves the history')
  t.same(first.projects.map((entry: { name: string }) => entry.name), ['Garden'], 'the projects come with the first page')
  t.same(titles((await list(app, v, `?project=${project.id}`)).json().chats), ['Soil'], 'the project lists its chats')
  t.equal((await app.inject({ url: `/api/chats/${chat}`, headers: v.headers() })).json().chat.projectId, project.id, 'the chat names its project')

  const renamed = await app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: v.headers(true), payload: { name: 'Vegetables', instructions: '' } })
  t.match(renamed.json(), { name: 'Vegetables', instructions: '' })
  t.equal((await app.inject({ url: `/api/projects/${project.id}`, headers: v.headers() })).json().name, 'Vegetables')

  await patch(app, v, chat, { projectId: null })
  t.same(new Set(titles((await list(app, v)).json().chats)), new Set(['Taxes', 'Soil']), 'moved out: back in the history')
  await patch(app, v, other, { projectId: project.id })
  const removed = await app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: v.headers() })
  t.equal(removed.statusCode, 204)
  const after = (await list(app, v)).json()
  t.same(after.projects, [])
  t.same(new Set(titles(after.chats)), new Set(['Taxes', 'Soil']), 'deleting a project keeps its chats')
  t.equal((await app.inject({ url: `/api/projects/${project.id}`, headers: v.headers() })).statusCode, 404)
})

t.test('someone else\'s project is 404 everywhere; a chat cannot move into it, nor start in it', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const owner = visitor()
  const stranger = visitor()
  const project = (await newProject(app, owner, 'Private plans')).json()
  const strangerChat = (await createChat(app, stranger, 'Mine')).json().id as string
  for (const res of [
    await app.inject({ url: `/api/projects/${project.id}`, headers: stranger.headers() }),
    await app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: stranger.headers(true), payload: { name: 'Taken' } }),
    await app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: stranger.headers() }),
    await list(app, stranger, `?project=${project.id}`),
    await patch(app, stranger, strangerChat, { projectId: project.id }),
    await app.inject({ method: 'POST', url: '/api/chats', headers: stranger.headers(true), payload: { message: { role: 'user', parts: [{ type: 'text', text: 'In' }] }, projectId: project.id } }),
  ]) {
    t.equal(res.statusCode, 404)
    t.equal(res.json().code, 'PROJECT_NOT_FOUND')
  }
  t.same((await app.inject({ url: '/api/projects', headers: stranger.headers() })).json().projects, [], 'not listed for others')
  t.equal((await app.inject({ url: `/api/projects/${project.id}`, headers: owner.headers() })).json().name, 'Private plans', 'unchanged')
  // A reader of a shared chat sees nothing of how its owner files it.
  const shared = (await createChat(app, owner, 'Shared')).json().id as string
  await patch(app, owner, shared, { projectId: project.id, pinned: true, visibility: 'public', systemPrompt: 'Secret prompt' })
  const read = (await app.inject({ url: `/api/chats/${shared}`, headers: stranger.headers() })).json().chat
  t.notOk('projectId' in read || 'pinnedAt' in read || 'systemPrompt' in read, 'no project, pin or system prompt for a reader')
  t.notMatch((await app.inject({ url: `/api/chats/${shared}/export?format=json`, headers: stranger.headers() })).body, 'Secret prompt')
})

t.test('a chat\'s system prompt: set, trimmed, limited, cleared; in the owner\'s exports', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  const chat = (await createChat(app, v, 'Poems')).json().id as string
  t.equal((await patch(app, v, chat, { systemPrompt: '  Answer in haiku.  ' })).json().systemPrompt, 'Answer in haiku.')
  t.equal((await app.inject({ url: `/api/chats/${chat}`, headers: v.headers() })).json().chat.systemPrompt, 'Answer in haiku.')
  const long = await patch(app, v, chat, { systemPrompt: 'x'.repeat(4001) })
  t.equal(long.statusCode, 400)
  t.equal(long.json().code, 'SYSTEM_PROMPT_TOO_LONG')
  t.match((await app.inject({ url: `/api/chats/${chat}/export`, headers: v.headers() })).body, '> **System prompt**\n>\n> Answer in haiku.')
  t.equal((await app.inject({ url: `/api/chats/${chat}/export?format=json`, headers: v.headers() })).json().chat.systemPrompt, 'Answer in haiku.')
  t.equal((await patch(app, v, chat, { systemPrompt: '' })).json().systemPrompt, '', 'cleared')
  t.notOk('systemPrompt' in (await app.inject({ url: `/api/chats/${chat}`, headers: v.headers() })).json().chat)
})

t.test('on sign-in the visitor\'s projects move to the account with their chats', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  const project = (await newProject(app, v, 'Trip')).json()
  const chat = (await createChat(app, v, 'Packing list')).json().id as string
  await patch(app, v, chat, { projectId: project.id, pinned: true })
  const { cookie } = await signUp(app, 'ada@example.com', 'correct horse battery', v.cookie)
  const user = visitor()
  user.cookie = cookie
  const first = (await list(app, user)).json()
  t.same(first.projects.map((entry: { name: string }) => entry.name), ['Trip'])
  t.same(titles(first.pinned), ['Packing list'])
  t.same(titles((await list(app, user, `?project=${project.id}`)).json().chats), ['Packing list'])
})
