// A PDF's text is read in a worker thread with a time limit: pages come back in order, bytes that
// are not a readable PDF reject, and a PDF too slow to read is given up on (its worker ended).
import t from 'tap'
import { pdfText } from '../../server/services/files/pdf-text.ts'
import { makePdf } from '../helpers/make-pdf.ts'

t.test('the text of each page, in order, and no more pages than asked for', async (t) => {
  const pdf = makePdf([['Quarterly report', 'Sales rose'], ['Page two'], ['Page three']])
  t.same(await pdfText(pdf), { pages: ['Quarterly report\nSales rose', 'Page two', 'Page three'] })
  t.same(await pdfText(pdf, { maxPages: 2 }), { pages: ['Quarterly report\nSales rose', 'Page two'] })
})

t.test('bytes that are not a readable PDF reject', async (t) => {
  await t.rejects(pdfText(Buffer.from('%PDF-1.4 not really')), /Invalid PDF structure/)
})

t.test('a PDF that takes longer than the time limit is given up on', async (t) => {
  await t.rejects(pdfText(makePdf([['slow']]), { timeoutMs: 1 }), /reading the PDF took longer than 1 ms/)
  // The process goes on reading others.
  t.same(await pdfText(makePdf([['after']])), { pages: ['after'] })
})
