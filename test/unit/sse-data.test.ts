// The SSE parser under the OpenAI-compatible model: every event's data comes out once, in order,
// however the body is cut into chunks and whichever line ending the server uses.
import t from 'tap'
import fc from 'fast-check'
import { createSseDataParser } from '../../server/services/llm/sse-data.ts'

function parse(chunks: string[]): string[] {
  const out: string[] = []
  const parser = createSseDataParser((data) => out.push(data))
  for (const chunk of chunks) parser.push(chunk)
  parser.end()
  return out
}

/** Cuts `text` at the given fractions of its length. */
function cut(text: string, fractions: number[]): string[] {
  const points = [...new Set(fractions.map((f) => Math.floor(f * text.length)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let start = 0
  for (const point of points) {
    pieces.push(text.slice(start, point))
    start = point
  }
  pieces.push(text.slice(start))
  return pieces
}

t.test('events come out whole, in order, for any chunking and either line ending', async (t) => {
  // Data without line breaks (JSON as model servers send it), possibly empty.
  const data = fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, ' '))
  fc.assert(
    fc.property(fc.array(data, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 }), (events, eol, fractions) => {
      const body = events.map((event) => `: keep-alive comment${eol}event: message${eol}data: ${event}${eol}${eol}`).join('')
      t.strictSame(parse(cut(body, fractions)), events)
    }),
  )
})

t.test('multi-line data is joined with LF; "data:" without a space keeps its text; fields are skipped', async (t) => {
  t.strictSame(parse(['data: one\ndata:two\nid: 7\nretry: 10\n\n']), ['one\ntwo'])
})

t.test('an event cut off by the end of the body still counts; a blank body has none', async (t) => {
  t.strictSame(parse(['data: [DONE]']), ['[DONE]'])
  t.strictSame(parse(['data: last\r']), ['last'])
  t.strictSame(parse(['\n\n', '']), [])
})
