// CSV as RFC 4180 writes it: fields split by commas, a quoted field may hold commas, line breaks and
// doubled quotes (""), lines end with \n or \r\n. A small parser of our own, with limits, instead of a
// package: the panel reads what a model wrote, often a few hundred rows.

export const CSV_MAX_ROWS = 5_000
export const CSV_MAX_COLUMNS = 200

export interface Csv {
  header: string[]
  rows: string[][]
  /** Rows past CSV_MAX_ROWS were left out. */
  cut: boolean
}

export function parseCsv(text: string): Csv {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let cut = false
  const endField = () => {
    if (record.length < CSV_MAX_COLUMNS) record.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    // A blank line is no row.
    if (record.length > 1 || record[0] !== '') records.push(record)
    record = []
  }
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"'
          index++
        } else quoted = false
      } else field += char
    } else if (char === '"' && field === '') quoted = true
    else if (char === ',') endField()
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++
      endRecord()
      if (records.length > CSV_MAX_ROWS) {
        cut = true
        break
      }
    } else field += char
  }
  if (!cut && (field !== '' || record.length > 0)) endRecord()
  const [header = [], ...rows] = records
  const width = Math.max(header.length, ...rows.map((row) => row.length))
  const pad = (row: string[]) => (row.length < width ? [...row, ...Array<string>(width - row.length).fill('')] : row)
  return { header: pad(header.map((name, index) => name.trim() || `Column ${index + 1}`)).map((name, index) => name || `Column ${index + 1}`), rows: rows.map(pad), cut }
}

/** "1,234.5", "$12", "45%", "-3e2" → a number; anything else (and blank) → null. */
export function numberOf(value: string): number | null {
  const trimmed = value.trim().replace(/^[$€£¥]/, '').replace(/%$/, '')
  if (!/^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][-+]?\d+)?$/.test(trimmed) || !/\d/.test(trimmed)) return null
  const number = Number(trimmed.replace(/,/g, ''))
  return Number.isFinite(number) ? number : null
}

/** A column is numeric when every value in it that is not blank is a number (and there is one). */
export function numericColumns(csv: Csv): boolean[] {
  return csv.header.map((_, column) => {
    let any = false
    for (const row of csv.rows) {
      const value = row[column]!
      if (value.trim() === '') continue
      if (numberOf(value) === null) return false
      any = true
    }
    return any
  })
}

/** The rows sorted by one column: numbers as numbers, text as the reader's language sorts it; blanks last. */
export function sortRows(rows: string[][], column: number, direction: 'ascending' | 'descending', numeric: boolean): string[][] {
  const sign = direction === 'ascending' ? 1 : -1
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
  return [...rows].sort((a, b) => {
    const left = a[column]!
    const right = b[column]!
    if (left.trim() === '' || right.trim() === '') return (left.trim() === '' ? 1 : 0) - (right.trim() === '' ? 1 : 0)
    return sign * (numeric ? numberOf(left)! - numberOf(right)! : collator.compare(left, right))
  })
}
