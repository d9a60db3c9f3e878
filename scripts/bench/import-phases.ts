// Import phases: `npx tsx scripts/bench/import-phases.ts <line|claude|nodes> <count> [count…]`.
// One conversation of each count (test/fixtures/imports/shapes.ts), one after the other into the
// same SQLite file, each phase timed in this process: reading and parsing, converting, planning,
// and writing the messages as the import's worker does (write-messages.ts), with the CPU time of
// the write (wall time on a busy machine counts other processes too). For telling which phase
// grows faster than the file; bench:import measures the import as a user sees it.
import { mkdtempSync, rmSync, writeFileSync, createReadStream } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../fastify.config.ts'
import { build } from '../../server/app.ts'
import { chatGptLine, chatGptNodes, claudeVersions } from '../../test/fixtures/imports/shapes.ts'
import { jsonElements } from '../../server/services/imports/json-elements.ts'
import { fromChatGpt } from '../../server/services/imports/chatgpt-export.ts'
import { fromClaude } from '../../server/services/imports/claude-export.ts'
import { planImported } from '../../server/services/imports/plan-imported.ts'
import { startImported, finishImported } from '../../server/services/imports/store-imported.ts'
import { openMessageWriter } from '../../server/services/imports/write-messages.ts'

const shape = process.argv[2]!
const counts = process.argv.slice(3).map(Number)
const make = { line: chatGptLine, claude: claudeVersions, nodes: chatGptNodes }[shape]!
const dir = mkdtempSync(join(tmpdir(), 'phases-'))
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_KEY: '7f2c1b0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b', DATABASE_PATH: join(dir, 'p.db'), UPLOADS_DIR: join(dir, 'u') })
const app = await build(config, {})
await app.ready()
await app.db.insertInto('users').values({ id: 'owner', provider: 'local', provider_id: 'o', email: 'o@example.com', name: 'O', avatar: null, username: null, password_hash: null, created_at: Date.now() } as never).execute().catch((e) => console.log('user insert', e.message))
let run = 0
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
for (const count of counts) {
  run++
  const path = join(dir, `f${count}.json`)
  writeFileSync(path, make(count, `id-${count}-${run}`))
  const c0 = cpu()
  const t0 = performance.now()
  let value: any
  for await (const element of jsonElements(createReadStream(path, { highWaterMark: 256 * 1024 }), { maxElementBytes: 1e9 })) value = (element as any).value
  const t1 = performance.now()
  const chat = shape === 'claude' ? fromClaude(value, Date.now()) : fromChatGpt(value, Date.now())
  const t2 = performance.now()
  const planned = planImported(chat, 1_000_000)
  const t3 = performance.now()
  const { chatId } = await startImported(app.db, 'owner', planned.chat)
  const writer = openMessageWriter(config.databasePath)
  const cw = cpu()
  await writer.write(chatId, planned.messages)
  console.log(`  write cpu ${(cpu() - cw).toFixed(0)} ms`)
  writer.close()
  const t4 = performance.now()
  const c4 = cpu()
  await finishImported(app.db, chatId, planned.chat)
  const t5 = performance.now()
  console.log(`${shape} ${count}: parse ${(t1 - t0).toFixed(0)} convert ${(t2 - t1).toFixed(0)} plan ${(t3 - t2).toFixed(0)} write ${(t4 - t3).toFixed(0)} finish ${(t5 - t4).toFixed(0)} ms; cpu all ${(c4 - c0).toFixed(0)} ms; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`)
}
await app.close()
rmSync(dir, { recursive: true, force: true })
