// What one account may make an import do: one import at a time however many are sent at once, and
// a zip no larger inflated than IMPORT_MAX_BYTES (counted as it inflates, whatever its header says),
// refused before anything of it is stored; a chat an import was cut off in is not left half written.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import type { Visitor } from '../helpers/chat.ts'
import { importEnded, sendExport, signedIn } from '../helpers/imports.ts'
import { listenForFetch } from '../helpers/uploads.ts'
import { makeZip } from '../helpers/make-zip.ts'

const MAX_BYTES = 64 * 1024

/** A ChatGPT conversations.json of `count` one-question conversations, about `count` × 330 bytes. */
function chatGptExport(count: number): string {
  const conversation = (index: number) =>
    JSON.stringify({
      title: `Chat ${index}`,
      conversation_id: `c-${index}`,
      create_time: 1_700_000_000 + index,
      current_node: 'u',
      mapping: { u: { id: 'u', parent: null, children: [], message: { id: 'u', author: { role: 'user' }, create_time: 1_700_000_000 + index, content: { content_type: 'text', parts: [`Question number ${index} of the import limits test`] } } } },
    })
  return `[${Array.from({ length: count }, (_, index) => conversation(index)).join(',\n')}]`
}

/** The zip's only entry says it inflates to `size` bytes (local header and central directory). */
function claimSize(zip: Buffer, size: number): Buffer {
  const patched = Buffer.from(zip)
  patched.writeUInt32LE(size, 22)
  const central = patched.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
  patched.writeUInt32LE(size, central + 24)
  return patched
}

t.test('imports at once, zip bombs', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', IMPORT_MAX_BYTES: String(MAX_BYTES) })
  const base = await listenForFetch(t, app)
  const send = (v: Visitor, name: string, bytes: Buffer | string) => sendExport(base, v, name, bytes)
  const finished = (v: Visitor, id: string) => importEnded(base, v, id)
  const chatCount = async (v: Visitor) => ((await app.inject({ url: '/api/chats?limit=100', headers: v.headers() })).json().chats as unknown[]).length

  t.test('eight imports sent at once: one runs, seven are refused', async (t) => {
    const v = await signedIn(app)
    const file = chatGptExport(150)
    t.ok(file.length < MAX_BYTES)
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(v, 'conversations.json', file)))
    const statuses = answers.map((answer) => answer.status).sort()
    t.same(statuses, [202, 409, 409, 409, 409, 409, 409, 409])
    for (const refused of answers.filter((answer) => answer.status === 409)) t.equal(refused.body.code, 'IMPORT_RUNNING')
    const started = answers.find((answer) => answer.status === 202)!
    t.match(await finished(v, started.body.id), { status: 'done', imported: 150 })
    t.equal(await chatCount(v), 100, 'the chats of one import (the list shows 100)')
    const next = await send(v, 'conversations.json', file)
    t.equal(next.status, 202, 'the next one may start once it is done')
    t.match(await finished(v, next.body.id), { status: 'done', imported: 0, duplicates: 150 })
  })

  t.test('a chat an import left unfinished (the server stopped in its middle) is removed by the next import', async (t) => {
    const v = await signedIn(app)
    const first = await send(v, 'conversations.json', chatGptExport(1))
    await finished(v, first.body.id)
    const listed = (await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats as Array<{ id: string }>
    const chat = await app.db.selectFrom('chats').selectAll().where('id', '=', listed[0]!.id).executeTakeFirst()
    // As a cut-off import leaves it: its mark still on, half its messages written.
    await app.db.updateTable('chats').set({ imported_from: 'unfinished:chatgpt:c-0' }).where('id', '=', chat!.id).execute()
    t.equal(await chatCount(v), 1)
    const again = await send(v, 'conversations.json', chatGptExport(2))
    t.match(await finished(v, again.body.id), { status: 'done', imported: 2, duplicates: 0 })
    const sources = await app.db.selectFrom('chats').select('imported_from').where('owner_id', '=', chat!.owner_id).orderBy('imported_from').execute()
    t.same(sources.map((row) => row.imported_from), ['chatgpt:c-0', 'chatgpt:c-1'], 'the unfinished one is gone, imported again whole')
  })

  t.test('a zip that inflates beyond IMPORT_MAX_BYTES is refused before anything is stored', async (t) => {
    const v = await signedIn(app)
    const json = chatGptExport(1000)
    t.ok(json.length > 4 * MAX_BYTES, 'the JSON is larger than an import may be')
    const zip = makeZip([{ name: 'conversations.json', data: json }])
    t.ok(zip.length < MAX_BYTES, 'the zip is not')
    const refused = await send(v, 'export.zip', zip)
    t.equal(refused.status, 413)
    t.equal(refused.body.code, 'FILE_TOO_LARGE')
    t.match(refused.body.message, /conversations\.json.*64 KB/)

    // The same bomb with a header that says it is small: counted as it inflates, not believed.
    const lying = await send(v, 'export.zip', claimSize(zip, 1000))
    t.ok(lying.status === 413 || lying.status === 422, `refused (${lying.status})`)
    t.match(lying.body.message, /conversations\.json/)
    const small = await send(v, 'export.zip', claimSize(makeZip([{ name: 'conversations.json', data: chatGptExport(20) }]), 2000))
    t.ok(small.status === 413 || small.status === 422, `a header that is wrong the other way is refused too (${small.status})`)
    t.equal(await chatCount(v), 0, 'nothing of any of them was stored')

    const fine = await send(v, 'export.zip', makeZip([{ name: 'conversations.json', data: chatGptExport(20) }]))
    t.equal(fine.status, 202)
    t.match(await finished(v, fine.body.id), { status: 'done', imported: 20, totalBytes: chatGptExport(20).length })
  })
})
