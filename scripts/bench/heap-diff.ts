// What grew between two V8 heap snapshots, by object kind: `npx tsx scripts/bench/heap-diff.ts
// before.heapsnapshot after.heapsnapshot [answers]`. With `answers`, sizes are also shown per
// answer (bench:stream with BENCH_HEAPSNAPSHOT=1 writes an idle snapshot and one with every answer
// of its first level streaming). Self sizes only: the total is exact, the split by kind is a guide.
import { readFileSync } from 'node:fs'

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
  strings: string[]
}

/** Self size and count per "type:name" (e.g. "object:ReadableStream", "closure:pull"). */
function summarize(path: string): Map<string, { size: number; count: number }> {
  const heap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot
  const fields = heap.snapshot.meta.node_fields
  const types = heap.snapshot.meta.node_types[0]
  const width = fields.length
  const typeAt = fields.indexOf('type')
  const nameAt = fields.indexOf('name')
  const sizeAt = fields.indexOf('self_size')
  const totals = new Map<string, { size: number; count: number }>()
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt]!]!
    // Strings and code are grouped by type alone: their names are their contents.
    const name = ['string', 'concatenated string', 'sliced string', 'code', 'number'].includes(type) ? '' : heap.strings[heap.nodes[i + nameAt]!]!
    const key = `${type}:${name.slice(0, 60)}`
    const entry = totals.get(key) ?? { size: 0, count: 0 }
    entry.size += heap.nodes[i + sizeAt]!
    entry.count++
    totals.set(key, entry)
  }
  return totals
}

const [beforePath, afterPath, answersArg] = process.argv.slice(2)
if (!beforePath || !afterPath) {
  console.error('usage: heap-diff.ts before.heapsnapshot after.heapsnapshot [answers]')
  process.exit(2)
}
const answers = answersArg ? Number(answersArg) : 0
const before = summarize(beforePath)
const after = summarize(afterPath)
const rows = [...after].map(([key, { size, count }]) => {
  const old = before.get(key) ?? { size: 0, count: 0 }
  return { key, size: size - old.size, count: count - old.count }
})
rows.sort((a, b) => b.size - a.size)
const total = rows.reduce((sum, row) => sum + row.size, 0)
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
console.log(`heap growth ${kb(total)} KB${answers ? `, ${kb(total / answers)} KB per answer` : ''}\n`)
console.log(`${'kind'.padEnd(64)} ${'KB'.padStart(10)} ${'count'.padStart(8)}${answers ? `  ${'B/answer'.padStart(9)} ${'n/answer'.padStart(8)}` : ''}`)
for (const row of rows.slice(0, 45)) {
  const perAnswer = answers ? `  ${(row.size / answers).toFixed(0).padStart(9)} ${(row.count / answers).toFixed(1).padStart(8)}` : ''
  console.log(`${row.key.padEnd(64)} ${kb(row.size).padStart(10)} ${String(row.count).padStart(8)}${perAnswer}`)
}
