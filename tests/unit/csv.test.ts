import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvResponse } from '~/web/csv.server'

interface Row {
  query: string
  searches: number
  note: string | null
}

const columns = [
  { header: 'Search', value: (r: Row) => r.query },
  { header: 'Searches', value: (r: Row) => r.searches },
  { header: 'Note', value: (r: Row) => r.note },
]

describe('csvResponse', () => {
  it('writes a spreadsheet-readable table whose cells read back as written', async () => {
    const rows: Row[] = [
      { query: 'red "robot", big', searches: 12, note: null },
      { query: 'line\nbreak', searches: 0, note: 'é ü 雪' },
    ]
    const response = csvResponse('top searches.csv', columns, rows)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="top_searches.csv"')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    // The byte-order mark tells a spreadsheet the file is UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(parse(new TextDecoder().decode(bytes))).toEqual([
      ['Search', 'Searches', 'Note'],
      ['red "robot", big', '12', ''],
      ['line\nbreak', '0', 'é ü 雪'],
    ])
  })

  it('keeps typed text from running as a formula in a spreadsheet', async () => {
    const rows: Row[] = ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)'].map((query) => ({
      query,
      searches: -3,
      note: null,
    }))
    const [, ...body] = parse(await csvResponse('x.csv', columns, rows).text()) as string[][]
    expect(body.map((r) => r[0])).toEqual(['\'=HYPERLINK("http://x")', "'+1", "'-2", "'@SUM(A1)"])
    // Numbers are figures, not typed text: a negative count stays a number.
    expect(body.map((r) => r[1])).toEqual(['-3', '-3', '-3', '-3'])
  })
})
