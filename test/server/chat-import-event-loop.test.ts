// An import never holds the server: whatever the shape of the file (a Claude answer with thousands
// of versions, a ChatGPT chat that is one very long line, a mapping of very many nodes), the server
// answers /healthz on its socket all along, and the chat comes out whole. On a database file, as in
// production: the import's worker writes the messages on a connection of its own there.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import type { Visitor } from '../helpers/chat.ts'
import { importEnded, sendExport, signedIn } from '../helpers/imports.ts'
import { listenForFetch } from '../helpers/uploads.ts'
import { chatGptLine, chatGptNodes, claudeVersions, messagesInNodes } from '../fixtures/imports/shapes.ts'
import { orderedId } from '../../server/services/imports/ordered-id.ts'

/** The longest /healthz may take while an import runs (the code before this test held it about 3 s or more at these sizes). */
const MAX_GAP_MS = 1500

const VERSIONS = 12_000
const LINE = 20_000
const NODES = 200_000

t.test('ids made for imported messages ascend, many in one millisecond too, and are UUIDs', async (t) => {
  const ids = Array.from({ length: 10_000 }, orderedId)
  t.ok(ids.every((id, index) => index === 0 || ids[index - 1]! < id), 'each after the one before')
  t.equal(new Set(ids).size, ids.length, 'no two alike')
  t.ok(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)), 'UUID version 7')
})

t.test('imports of the shapes that held the event loop', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'import-event-loop-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { app } = await buildApp(t, { DATABASE_PATH: join(dir, 'app.db'), OFFLINE_TOKEN_DELAY_MS: '0' })
  const base = await listenForFetch(t, app)
  /** Imports `file` while /healthz is asked one request after the other; the longest answer's time. */
  async function importTimed(v: Visitor, file: string) {
    let running = true
    let longest = 0
    const pinger = (async () => {
      while (running) {
        const started = performance.now()
        const res = await fetch(`${base}/healthz`)
        await res.arrayBuffer()
        longest = Math.max(longest, performance.now() - started)
      }
    })()
    try {
      const started = await sendExport(base, v, 'conversations.json', file)
      t.equal(started.status, 202)
      return { view: await importEnded(base, v, started.body.id), longest }
    } finally {
      running = false
      await pinger
    }
  }

  /** Imports `file` into a new account: /healthz answered all along; the one chat's rows. */
  async function importedAlone(t: Test, file: string, format: string) {
    const v = await signedIn(app)
    const { view, longest } = await importTimed(v, file)
    t.match(view, { status: 'done', format, imported: 1, skipped: 0 })
    t.ok(longest < MAX_GAP_MS, `/healthz answered within ${MAX_GAP_MS} ms all along (longest ${longest.toFixed(0)} ms)`)
    const { chats } = (await app.inject({ url: '/api/chats', headers: v.headers() })).json() as { chats: Array<{ id: string }> }
    t.equal(chats.length, 1)
    const messages = await app.db.selectFrom('messages').select(['id', 'parent_id', 'role', 'parts', 'shown']).where('chat_id', '=', chats[0]!.id).orderBy('seq').execute()
    return { v, chatId: chats[0]!.id, messages }
  }
  const inOneLine = (messages: Array<{ id: string; parent_id: string | null }>) => messages.every((message, index) => message.parent_id === (index === 0 ? null : messages[index - 1]!.id))

  t.test('a Claude answer with thousands of versions', async (t) => {
    const { v, chatId, messages } = await importedAlone(t, claudeVersions(VERSIONS), 'claude')
    t.equal(messages.length, VERSIONS + 1)
    const chat = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json()
    t.equal(chat.messages[1].versions.length, VERSIONS, 'every answer is a version of the one answer')
    t.same(chat.messages[1].parts, [{ type: 'text', text: `Colour number ${VERSIONS - 1}` }], 'the newest is shown')
  })

  t.test('a ChatGPT conversation that is one very long line', async (t) => {
    const { messages } = await importedAlone(t, chatGptLine(LINE), 'chatgpt')
    t.equal(messages.length, LINE)
    t.ok(inOneLine(messages), 'each the child of the one before')
    t.same(JSON.parse(messages.at(-1)!.parts), [{ type: 'text', text: `Message ${LINE - 1}` }])
    t.equal(messages.at(-1)!.role, LINE % 2 === 0 ? 'assistant' : 'user')
    // Random ids put each row on a random page of the id indexes: past SQLite's page cache every row
    // read one back from disk, and the import's cost per row grew with the database.
    t.ok(messages.every((message, index) => index === 0 || messages[index - 1]!.id < message.id), 'ids ascend in the order the messages are written')
  })

  t.test('a ChatGPT mapping of very many nodes, nearly all empty', async (t) => {
    const { messages } = await importedAlone(t, chatGptNodes(NODES), 'chatgpt')
    t.equal(messages.length, messagesInNodes(NODES), 'the nodes with a message, the empty ones skipped')
    t.ok(inOneLine(messages), 'each the child of the one before')
  })
})
