// Reading an export one conversation at a time: elements split across chunks anywhere (inside a
// string, an escape, a multi-byte character), an object document, oversized elements, broken files.
import t from 'tap'
import { jsonElements, JsonShapeError } from '../../server/services/imports/json-elements.ts'

async function* chunked(text: string, size: number) {
  const bytes = Buffer.from(text)
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size)
}

async function read(text: string, size = 7, maxElementBytes = 1_000_000) {
  const out: unknown[] = []
  for await (const element of jsonElements(chunked(text, size), { maxElementBytes })) out.push('value' in element ? element.value : element)
  return out
}

t.test('every element of a top-level array, however the bytes are cut', async (t) => {
  const items = [{ title: 'Ça va? “quotes” \\ and \\"escapes\\" ] } {', n: [1, [2, { a: 'ü' }]] }, { title: '日本語 🎌', empty: {} }, []]
  const text = ` \n[ ${items.map((item) => JSON.stringify(item)).join(' ,\n ')} ] \n`
  for (const size of [1, 2, 3, 5, 64, 100_000]) t.same(await read(text, size), items, `chunks of ${size} bytes`)
  t.same(await read('[]'), [], 'an empty array')
})

t.test('an object document is one element (our own export of a chat)', async (t) => {
  const doc = { chat: { title: 'x' }, messages: [{ parts: [{ text: '}' }] }] }
  t.same(await read(JSON.stringify(doc), 3), [doc])
})

t.test('an element over the limit is reported by size, not parsed; the next one still is', async (t) => {
  const big = { text: 'x'.repeat(500) }
  const out = await read(JSON.stringify([big, { ok: true }]), 10, 100)
  t.match(out[0], { tooLarge: Number })
  t.same(out[1], { ok: true })
})

t.test('what is not an export is refused with a reason', async (t) => {
  await t.rejects(read(''), JsonShapeError)
  await t.rejects(read('"text"'), /not a JSON array or object/)
  await t.rejects(read('[1, 2]'), /something other than objects/)
  await t.rejects(read('[{"a": 1}, {"b":'), /ends in the middle/)
  await t.rejects(read('{"a": 1} {"b": 2}'), /more after its JSON/)
  await t.rejects(read('[{"a": nope}]'), SyntaxError)
})

t.test('progress: the bytes read so far', async (t) => {
  const seen: number[] = []
  for await (const _ of jsonElements(chunked('[{"a":1},{"b":2}]', 4), { maxElementBytes: 100, onBytes: (n) => seen.push(n) })) void _
  t.equal(seen.at(-1), 17)
  t.ok(seen.every((n, i) => i === 0 || n > seen[i - 1]!), 'growing')
})
