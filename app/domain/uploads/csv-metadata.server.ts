import { CsvError, parse } from 'csv-parse/sync'
import type { AssetType } from '~/lib/constants'
import { CSV_COLUMNS, type CsvMetadataRow } from '~/lib/upload-plan'

export const CSV_MAX_BYTES = 1024 * 1024
export const CSV_MAX_ROWS = 10_000

/** Thrown by parseCsvMetadata only; readCsvMetadata turns it into a refusal. */
export class CsvMetadataError extends Error {}

export type CsvMetadataResult = { ok: true; rows: CsvMetadataRow[] } | { ok: false; reason: 'bad-csv'; error: string }

/**
 * The upload's CSV metadata, or why it cannot be used ('bad-csv': too large, too many rows,
 * unreadable, an unknown asset_type), in words for the admin.
 */
export function readCsvMetadata(input: string | Buffer): CsvMetadataResult {
  try {
    return { ok: true, rows: parseCsvMetadata(input) }
  } catch (error) {
    if (error instanceof CsvMetadataError) return { ok: false, reason: 'bad-csv', error: error.message }
    throw error
  }
}

/**
 * Reads the upload's CSV metadata: the first row is a header and is skipped,
 * fields are comma separated with double quotes, rows without a filename are skipped.
 * Columns are found by the header's names when it names them, else by position:
 * filename, title, keywords, category, releases.
 */
export function parseCsvMetadata(input: string | Buffer): CsvMetadataRow[] {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength
  if (size > CSV_MAX_BYTES) throw new CsvMetadataError('The CSV file is larger than 1MB.')
  // Control characters other than tabs and line ends: a binary file (a picture chosen as the CSV).
  const text = typeof input === 'string' ? input : input.toString('utf8')
  if (/[\x00-\x08\x0e-\x1f]/.test(text))
    throw new CsvMetadataError('The CSV file is not text: choose the .csv file with the titles and keywords.')
  let records: string[][]
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true })
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? ` (line ${error.lines})` : ''
      throw new CsvMetadataError(`The CSV file could not be read${line}: check its quotes and commas.`)
    }
    throw error
  }
  if (records.length - 1 > CSV_MAX_ROWS)
    throw new CsvMetadataError(`The CSV file has more than ${CSV_MAX_ROWS.toLocaleString('en-US')} rows.`)
  const [header = [], ...rows] = records
  const names = header.map((h) => h.trim().toLowerCase())
  const named = names.includes('filename')
  const index = Object.fromEntries(
    CSV_COLUMNS.map((column, i) => [column, named ? names.indexOf(column) : i]),
  ) as Record<(typeof CSV_COLUMNS)[number], number>
  const cell = (row: string[], column: (typeof CSV_COLUMNS)[number]) =>
    index[column] >= 0 ? (row[index[column]] ?? '').trim() : ''
  // Optional, and only by name: the five positional columns keep their places.
  const typeColumn = names.indexOf('asset_type')
  const result: CsvMetadataRow[] = []
  for (const [n, row] of rows.entries()) {
    // A path in front of the name cannot match an uploaded file's name: keep the name only.
    const filename = cell(row, 'filename').split(/[\\/]/).pop() ?? ''
    if (!filename) continue
    result.push({
      filename,
      title: cell(row, 'title'),
      keywords: cell(row, 'keywords'),
      category: cell(row, 'category'),
      releases: cell(row, 'releases'),
      assetType: typeColumn >= 0 ? csvAssetType(row[typeColumn], n + 2) : undefined,
    })
  }
  // Nothing to apply: a header alone, or not a CSV at all (a picture chosen by mistake).
  if (result.length === 0)
    throw new CsvMetadataError(
      'The CSV file names no files: its first row is a header, and each row after it starts with a file name.',
    )
  return result
}

const CSV_TYPES: Record<string, AssetType> = {
  '3d': '3d',
  image: 'image',
  '2d': 'image',
  audio: 'audio',
}

function csvAssetType(value: string | undefined, line: number): AssetType | undefined {
  const v = (value ?? '').trim().toLowerCase()
  if (!v) return undefined
  const type = CSV_TYPES[v]
  if (!type) throw new CsvMetadataError(`Line ${line}: asset_type must be 3d, image or audio, not '${value}'.`)
  return type
}
