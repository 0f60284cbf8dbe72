import { stringify } from 'csv-stringify/sync'

/** One column of a CSV table: its heading and how to read it from a row. */
export interface CsvColumn<Row> {
  header: string
  value(row: Row): string | number | null | undefined
}

// Text people typed (a search, a title) can start with '=' or '+', which a spreadsheet would run
// as a formula: such a cell is written with a leading apostrophe.
function neutralised(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** A table as a CSV download (RFC 4180, UTF-8 with a byte-order mark for spreadsheets). */
export function csvResponse<Row>(filename: string, columns: CsvColumn<Row>[], rows: readonly Row[]): Response {
  const body = stringify(
    [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => neutralised(c.value(row))))],
    {
      record_delimiter: '\r\n',
    },
  )
  return new Response(`\uFEFF${body}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
