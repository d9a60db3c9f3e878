// What the artifact panel reads and writes on its own: a table artifact's CSV (quotes, commas and
// line breaks inside quotes, CRLF), its numeric columns and their order, and a download's file name.
import t from 'tap'
import { numberOf, numericColumns, parseCsv, sortRows } from '../../client/components/artifacts/csv.ts'
import { artifactExtension, artifactFileName } from '../../client/components/artifacts/artifact-kinds.ts'

t.test('CSV: quoted fields keep their commas, doubled quotes and line breaks; CRLF and a last line without one', async (t) => {
  const csv = parseCsv('name,note\r\n"Smith, J.","said ""hi""\nand left"\r\nLee,\n\nPark,ok')
  t.same(csv.header, ['name', 'note'])
  t.same(csv.rows, [
    ['Smith, J.', 'said "hi"\nand left'],
    ['Lee', ''],
    ['Park', 'ok'],
  ])
  t.equal(csv.cut, false)
})

t.test('CSV: short rows are padded, a blank header is named, an empty text has no header', async (t) => {
  t.same(parseCsv('a,\n1,2,3').header, ['a', 'Column 2', 'Column 3'])
  t.same(parseCsv('a,\n1,2,3').rows, [['1', '2', '3']])
  t.same(parseCsv('').header, [])
})

t.test('numbers: thousands, currency, percent and exponents are numbers; words and blanks are not', async (t) => {
  t.equal(numberOf('1,234.5'), 1234.5)
  t.equal(numberOf('$12'), 12)
  t.equal(numberOf('45%'), 45)
  t.equal(numberOf('-3e2'), -300)
  t.equal(numberOf('12a'), null)
  t.equal(numberOf(''), null)
  t.equal(numberOf('1,23'), null)
})

t.test('a numeric column sorts as numbers (9, 10, 100), text as words, blanks last either way', async (t) => {
  const csv = parseCsv('name,count\nb,10\na,9\nc,100\nd,')
  const numeric = numericColumns(csv)
  t.same(numeric, [false, true])
  t.same(sortRows(csv.rows, 1, 'ascending', true).map((row) => row[1]), ['9', '10', '100', ''])
  t.same(sortRows(csv.rows, 1, 'descending', true).map((row) => row[1]), ['100', '10', '9', ''])
  t.same(sortRows(csv.rows, 0, 'descending', false).map((row) => row[0]), ['d', 'c', 'b', 'a'])
})

t.test('downloads: the kind’s extension, code by its language, a name made from the title', async (t) => {
  t.equal(artifactExtension('code', 'Python'), 'py')
  t.equal(artifactExtension('code', 'typescript'), 'ts')
  t.equal(artifactExtension('code', 'tsx'), 'tsx')
  t.equal(artifactExtension('code', 'brainfuck'), 'txt')
  t.equal(artifactExtension('table'), 'csv')
  t.equal(artifactExtension('react'), 'jsx')
  t.equal(artifactFileName('Café sales, by month!', 'table'), 'cafe-sales-by-month.csv')
  t.equal(artifactFileName('***', 'mermaid'), 'artifact.mmd')
})
