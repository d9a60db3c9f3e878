// What an upload is, from its bytes alone: magic bytes for images and PDFs, whole-file UTF-8 for
// text (a multi-byte character split across chunks is still text; a NUL or a broken sequence is
// not), and names made safe to store and send back.
import t from 'tap'
import { createTextCheck, safeFilename, sniffBinary, textTypeFor } from '../../server/services/files/file-kind.ts'

const bytes = (...values: Array<number | string>) => Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))))

t.test('images and PDFs by their magic bytes, nothing else', async (t) => {
  t.same(sniffBinary(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 'rest')), { kind: 'image', mediaType: 'image/png' })
  t.same(sniffBinary(bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF')), { kind: 'image', mediaType: 'image/jpeg' })
  t.same(sniffBinary(bytes('GIF89a', 1, 0)), { kind: 'image', mediaType: 'image/gif' })
  t.same(sniffBinary(bytes('GIF87a')), { kind: 'image', mediaType: 'image/gif' })
  t.same(sniffBinary(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')), { kind: 'image', mediaType: 'image/webp' })
  t.same(sniffBinary(bytes('%PDF-1.7\n')), { kind: 'pdf', mediaType: 'application/pdf' })
  t.equal(sniffBinary(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')), null, 'a RIFF that is not WebP (a WAV)')
  t.equal(sniffBinary(bytes('<svg xmlns="http://www.w3.org/2000/svg">')), null, 'SVG is not an image here')
  t.equal(sniffBinary(bytes('PK', 3, 4)), null, 'a ZIP')
  t.equal(sniffBinary(bytes(0x89, 'PN')), null, 'too short to be a PNG')
})

t.test('text is all of the file in UTF-8, without NUL', async (t) => {
  const check = (...chunks: Buffer[]) => {
    const text = createTextCheck()
    for (const chunk of chunks) text.push(chunk)
    return text.isText()
  }
  t.ok(check(Buffer.from('plain ascii\n')))
  const euro = Buffer.from('price: 5 €, café ✓', 'utf8')
  t.ok(check(euro.subarray(0, 9), euro.subarray(9, 10), euro.subarray(10)), 'a character split across chunks')
  t.ok(check(Buffer.from('\ufeffwith a BOM', 'utf8')))
  t.notOk(check(Buffer.from('text then '), Buffer.from([0x00]), Buffer.from(' binary')), 'a NUL byte')
  t.notOk(check(Buffer.from([0x63, 0x61, 0x66, 0xe9])), 'Latin-1 is not UTF-8')
  t.notOk(check(euro.subarray(0, euro.length - 1)), 'a sequence cut at the end')
  t.notOk(check(Buffer.from([0xed, 0xa0, 0x80])), 'an encoded surrogate')
})

t.test('text types by extension only among text types', async (t) => {
  t.equal(textTypeFor('notes.md').mediaType, 'text/markdown')
  t.equal(textTypeFor('SALES.CSV').mediaType, 'text/csv')
  t.equal(textTypeFor('data.json').mediaType, 'application/json')
  t.equal(textTypeFor('page.html').mediaType, 'text/plain', 'HTML is plain text: never served as a page')
  t.equal(textTypeFor('icon.svg').mediaType, 'text/plain')
  t.equal(textTypeFor('main.rs').mediaType, 'text/plain')
})

t.test('file names: the last segment, no control characters, not hidden, bounded', async (t) => {
  t.equal(safeFilename('../../etc/passwd'), 'passwd')
  t.equal(safeFilename('C:\\Users\\ada\\report.pdf'), 'report.pdf')
  t.equal(safeFilename('bell\u0007\u0000name\n.txt'), 'bellname.txt')
  t.equal(safeFilename('.env'), 'env', 'no hidden names')
  t.equal(safeFilename(''), 'file')
  t.equal(safeFilename(undefined), 'file')
  t.equal(safeFilename('../'), 'file')
  const long = safeFilename(`${'a'.repeat(300)}.csv`)
  t.equal(long.length, 200)
  t.ok(long.endsWith('.csv'), 'the extension is kept')
  t.equal(safeFilename('résumé 2026.pdf'), 'résumé 2026.pdf', 'names in any language')
})
