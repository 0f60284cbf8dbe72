import { describe, expect, it } from 'vitest'
import { CsvMetadataError, parseCsvMetadata } from '~/domain/uploads/csv-metadata.server'
import {
  claimsAudio,
  fileBaseName,
  findMetadata,
  planUpload,
  processingLabel,
  draftAllSelection,
  processingFailed,
  publishAllSelection,
  readyToPublish,
  uploadCountLine,
} from '~/lib/upload-plan'

describe('parseCsvMetadata', () => {
  it('skips the header row and reads filename, title, keywords, category, releases', () => {
    const rows = parseCsvMetadata(
      'filename,title,keywords,category,releases\nrobot.png,Chrome Robot,"robot, metal",Characters,2025-03\n',
    )
    expect(rows).toEqual([
      {
        filename: 'robot.png',
        title: 'Chrome Robot',
        keywords: 'robot, metal',
        category: 'Characters',
        releases: '2025-03',
      },
    ])
  })

  it('handles quoted fields with commas, escaped quotes and line breaks', () => {
    const csv = [
      'filename,title,keywords,category,releases',
      'a.png,"Hello, ""World""","one, two, three","Cat, Dog","line one\nline two"',
    ].join('\r\n')
    const [row] = parseCsvMetadata(csv)
    expect(row.title).toBe('Hello, "World"')
    expect(row.keywords).toBe('one, two, three')
    expect(row.category).toBe('Cat, Dog')
    expect(row.releases).toBe('line one\nline two')
  })

  it('skips rows with an empty filename and blank lines', () => {
    const rows = parseCsvMetadata(
      'filename,title,keywords,category,releases\n,No File,x,y,z\n\n  ,Spaces,,,\nb.png,B,,,\n',
    )
    expect(rows.map((r) => r.filename)).toEqual(['b.png'])
  })

  it('always skips the first row, whatever it holds', () => {
    expect(parseCsvMetadata('first.png,First,,,\nsecond.png,Second,,,')).toEqual([
      { filename: 'second.png', title: 'Second', keywords: '', category: '', releases: '' },
    ])
  })

  it('finds the columns by name when the header names them, in any order', () => {
    const rows = parseCsvMetadata('Title,Category,Filename,Keywords\nA Title,Props,a.png,"x, y"')
    expect(rows).toEqual([{ filename: 'a.png', title: 'A Title', keywords: 'x, y', category: 'Props', releases: '' }])
  })

  it('takes short rows, a byte-order mark and paths before the name', () => {
    const rows = parseCsvMetadata('\uFEFFfilename,title\nrenders/c.png\nd.png,D')
    expect(rows).toEqual([
      { filename: 'c.png', title: '', keywords: '', category: '', releases: '' },
      { filename: 'd.png', title: 'D', keywords: '', category: '', releases: '' },
    ])
  })

  it('refuses broken quoting with a clear message', () => {
    expect(() => parseCsvMetadata('filename,title\na.png,"unclosed')).toThrow(CsvMetadataError)
    expect(() => parseCsvMetadata('filename,title\na.png,"unclosed')).toThrow(/The CSV file could not be read/)
  })

  it('refuses a CSV over 1MB', () => {
    expect(() => parseCsvMetadata(`filename\n${'x'.repeat(1024 * 1024)}`)).toThrow('The CSV file is larger than 1MB.')
  })

  it('refuses a file that names no files: empty, or a header alone', () => {
    for (const input of ['', 'filename,title,keywords,category,releases\n'])
      expect(() => parseCsvMetadata(input)).toThrow('The CSV file names no files')
  })
})

describe('planUpload', () => {
  const file = (name: string, type = '') => ({ name, type })
  const rows = parseCsvMetadata(
    'filename,title,keywords,category,releases\nRobot.png,Chrome Robot,"Robot, METAL, shiny",Characters,v2\nlamp,Desk Lamp,lamp,Props,\n',
  )

  it('pairs each WebP with the PNG of the same base name and does not upload it as an asset', () => {
    const robot = file('robot.png', 'image/png')
    const thumb = file('ROBOT.webp', 'image/webp')
    const { uploads, skipped } = planUpload([thumb, robot], rows)
    expect(uploads).toHaveLength(1)
    expect(uploads[0]).toMatchObject({
      name: 'robot.png',
      thumbnail: thumb,
      title: 'Chrome Robot',
      tags: ['robot', 'metal', 'shiny'],
      category: 'Characters',
    })
    expect(uploads[0].metadata?.releases).toBe('v2')
    expect(skipped).toEqual([])
  })

  it('leaves out a WebP without its PNG, saying why', () => {
    const { uploads, skipped } = planUpload([file('lonely.webp'), file('other.jpg', 'image/jpeg')])
    expect(uploads.map((u) => u.name)).toEqual(['other.jpg'])
    expect(skipped).toHaveLength(1)
    expect(skipped[0].reason).toMatch(/no lonely\.png in this upload/)
  })

  it('gives a PNG only one thumbnail; a JPG of the same name gets none', () => {
    const { uploads, skipped } = planUpload([
      file('a.png'),
      file('a.webp'),
      file('A.WEBP'),
      file('b.jpg'),
      file('b.webp'),
    ])
    expect(uploads.find((u) => u.name === 'a.png')?.thumbnail?.name).toBe('a.webp')
    expect(uploads.find((u) => u.name === 'b.jpg')?.thumbnail).toBeNull()
    expect(skipped.map((s) => s.name)).toEqual(['A.WEBP', 'b.webp'])
  })

  it('defaults the title to the file name without its extension, with no tags', () => {
    const { uploads } = planUpload([file('Golden Trophy.v2.png')], rows)
    expect(uploads[0]).toMatchObject({ title: 'Golden Trophy.v2', tags: [], category: '', metadata: null })
  })

  it('matches a row without extension by base name', () => {
    expect(findMetadata(rows, 'lamp.png')?.title).toBe('Desk Lamp')
    expect(findMetadata(rows, 'robot.PNG')?.title).toBe('Chrome Robot')
    expect(findMetadata(rows, 'robot.jpg')).toBeNull()
  })

  it('names and counts', () => {
    expect(fileBaseName('dir/sub/name.tar.gz')).toBe('name.tar')
    expect(fileBaseName('.hidden')).toBe('.hidden')
    const items = [
      { id: 1, status: 'completed', isPublished: false },
      { id: 2, status: 'published', isPublished: true },
      { id: null, status: 'error', isPublished: false },
      { id: 3, status: 'draft', isPublished: false },
    ]
    expect(readyToPublish(items)).toBe(1)
    expect(uploadCountLine(items)).toBe('4 files • 1 ready to publish')
    expect(uploadCountLine(items.slice(0, 1))).toBe('1 file • 1 ready to publish')
  })
})

describe('claimsAudio', () => {
  it('by the name or the declared type, in any case', () => {
    for (const name of ['a.wav', 'a.WAVE', 'a.mp3', 'a.ogg', 'a.oga', 'a.opus', 'a.flac'])
      expect(claimsAudio({ name })).toBe(true)
    expect(claimsAudio({ name: 'sound', type: 'Audio/MPEG' })).toBe(true)
  })
  it('not an image, nor a name that only contains an audio word', () => {
    expect(claimsAudio({ name: 'a.png', type: 'image/png' })).toBe(false)
    expect(claimsAudio({ name: 'wav.png' })).toBe(false)
    expect(claimsAudio({ name: 'a.mp3.png', type: '' })).toBe(false)
  })
})

describe('processing (decision 087)', () => {
  it("'Publish All' and the count take only processed uploads", () => {
    const items = [
      { id: 1, status: 'completed', isPublished: false, processing: { state: 'ready' as const } },
      { id: 2, status: 'completed', isPublished: false, processing: { state: 'processing' as const } },
      { id: 3, status: 'completed', isPublished: false, processing: { state: 'failed' as const } },
      { id: 4, status: 'completed', isPublished: false, processing: null },
    ]
    expect(publishAllSelection(items).map((item) => item.id)).toEqual([1, 4])
    expect(uploadCountLine(items)).toBe('4 files • 2 ready to publish')
  })

  it("'Save all as Draft' passes a failed upload by, which offers Delete instead", () => {
    const items = [
      { id: 1, status: 'completed', isPublished: false, processing: { state: 'ready' as const } },
      { id: 2, status: 'published', isPublished: true, processing: { state: 'processing' as const } },
      { id: 3, status: 'completed', isPublished: false, processing: { state: 'failed' as const } },
      { id: null, status: 'error', isPublished: false, processing: null },
      { id: 5, status: 'draft', isPublished: false, processing: null },
    ]
    expect(draftAllSelection(items).map((item) => item.id)).toEqual([1, 2, 5])
    expect(items.filter(processingFailed).map((item) => item.id)).toEqual([3])
  })

  it('says where it stands: the step, a retry waiting, or why it failed', () => {
    expect(processingLabel({ state: 'ready', error: null })).toBe('Ready')
    expect(processingLabel({ state: 'processing', error: null, step: null })).toBe('Processing…')
    expect(processingLabel({ state: 'processing', error: null, step: 'derivatives' })).toBe(
      'Processing… (making the previews)',
    )
    expect(processingLabel({ state: 'processing', error: 'disk full', step: 'queued' })).toBe(
      'Processing… (waiting for its turn; trying again after: disk full)',
    )
    expect(processingLabel({ state: 'failed', error: 'The file is not audio we can decode.' })).toBe(
      'Failed: The file is not audio we can decode.',
    )
  })
})
