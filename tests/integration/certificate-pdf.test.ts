import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib'
import { PDFParse } from 'pdf-parse'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { type CertificateFacts, certificatePdf } from '~/platform/certificate-pdf.server'

const facts = (overrides: Partial<CertificateFacts> = {}): CertificateFacts => ({
  licenseId: 'LIC-7KQ2M9XPA4RT',
  verifyUrl: 'https://stock.example/licenses/LIC-7KQ2M9XPA4RT',
  asset: { title: 'Glass sphere on a marble pedestal', url: 'https://stock.example/assets/glass-sphere' },
  licensee: 'j***@example.com',
  issuedAt: new Date('2026-11-25T14:03:27Z'),
  plan: 'pro',
  termsVersion: '23 March 2025',
  termsUrl: 'https://stock.example/license',
  variant: 'Original PNG, 2048 x 2048',
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  ...overrides,
})

/** The PDF read back as a reader would: its pages and its text. pdf.js takes the buffer, so it gets a copy. */
async function read(pdf: Uint8Array) {
  const parser = new PDFParse({ data: pdf.slice() })
  try {
    const { text, total } = await parser.getText()
    const { pages } = await parser.getImage({ imageBuffer: false, imageThreshold: 0 })
    return { text, pages: total, images: pages.flatMap((p) => p.images) }
  } finally {
    await parser.destroy()
  }
}

const squeezed = (text: string) => text.replace(/\s+/g, '')

/** Every rectangle the page's content draws with the `re` operator, in PDF units. */
async function rectangles(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf)
  const contents = doc.getPage(0).node.Contents()
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents]
  const source = streams
    .filter((stream) => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n')
  return [...source.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)].map((m) => m.slice(1).map(Number))
}

/** The QR code drawn as squares, read back into rows and columns of dark modules. */
function qrFromSquares(squares: number[][]) {
  const sizes = new Map<number, number>()
  for (const [, , w] of squares) sizes.set(w!, (sizes.get(w!) ?? 0) + 1)
  const module = [...sizes].sort((a, b) => b[1] - a[1])[0]![0]
  const dark = squares.filter(([, , w, h]) => w === module && h === module)
  const left = Math.min(...dark.map(([x]) => x!))
  const top = Math.max(...dark.map(([, y]) => y!))
  const cells = new Set(dark.map(([x, y]) => `${Math.round((top - y!) / module)},${Math.round((x! - left) / module)}`))
  return { size: Math.max(...dark.map(([x]) => Math.round((x! - left) / module))) + 1, cells }
}

describe('the licence certificate', () => {
  it('is a one-page PDF that states the licence: id, asset, licensee, file, terms and how to verify it', async () => {
    const pdf = await certificatePdf(facts())
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-')

    const { text, pages } = await read(pdf)
    expect(pages).toBe(1)
    for (const expected of [
      'Licence certificate',
      'AI Stock Library',
      'LIC-7KQ2M9XPA4RT',
      'Valid licence',
      'Glass sphere on a marble pedestal',
      'https://stock.example/assets/glass-sphere',
      'j***@example.com',
      '25 November 2026, 14:03 UTC',
      'Pro',
      'Original PNG, 2048 x 2048',
      'Licence agreement effective 23 March 2025',
      'https://stock.example/license',
      'https://stock.example/licenses/LIC-7KQ2M9XPA4RT',
      'Scan or visit to verify this licence',
    ])
      expect(text).toContain(expected)
    expect(squeezed(text)).toContain(facts().sha256)
    // What the licence allows and what needs asking first, as the licence agreement says it.
    expect(text).toContain('No attribution required')
    expect(text).toMatch(/Resale/)
    expect(text).toMatch(/Redistribution/)
    expect(text).toMatch(/NFT use/)
    expect(text).toMatch(/AI training/)
  })

  it('carries its metadata: title, author, subject, and the issue date as its creation date', async () => {
    const doc = await PDFDocument.load(await certificatePdf(facts({ siteName: 'Other Library' })), {
      updateMetadata: false,
    })
    expect(doc.getTitle()).toBe('Licence certificate LIC-7KQ2M9XPA4RT')
    expect(doc.getAuthor()).toBe('Other Library')
    expect(doc.getSubject()).toContain('Glass sphere on a marble pedestal')
    expect(doc.getProducer()).toBe('Other Library')
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-25T14:03:27.000Z')
  })

  it('says Free for a licence taken on the Free plan', async () => {
    const { text } = await read(await certificatePdf(facts({ plan: 'free' })))
    expect(text).toMatch(/Plan\s+Free/)
  })

  it('draws a QR code of the verification address', async () => {
    const verifyUrl = 'https://stock.example/licenses/LIC-QRQRQRQRQRQR'
    const drawn = qrFromSquares(await rectangles(await certificatePdf(facts({ verifyUrl }))))
    // The symbol drawn is the one the QR encoder makes for this address, at one of its error-correction levels.
    const matches = (['L', 'M', 'Q', 'H'] as const).some((errorCorrectionLevel) => {
      const { modules } = QRCode.create(verifyUrl, { errorCorrectionLevel })
      if (modules.size !== drawn.size) return false
      for (let row = 0; row < modules.size; row++)
        for (let col = 0; col < modules.size; col++)
          if (Boolean(modules.get(row, col)) !== drawn.cells.has(`${row},${col}`)) return false
      return true
    })
    expect(matches).toBe(true)
  })

  it('shows the asset’s thumbnail, PNG or JPEG, and does without one that is missing or broken', async () => {
    const picture = sharp({ create: { width: 300, height: 150, channels: 3, background: '#4c6ef5' } })
    const png = new Uint8Array(await picture.clone().png().toBuffer())
    const jpeg = new Uint8Array(await picture.clone().jpeg().toBuffer())
    const asset = facts().asset

    for (const thumbnail of [
      { bytes: png, type: 'png' as const },
      { bytes: jpeg, type: 'jpeg' as const },
    ]) {
      const { images } = await read(await certificatePdf(facts({ asset: { ...asset, thumbnail } })))
      expect(images).toHaveLength(1)
      expect([images[0]!.width, images[0]!.height]).toEqual([300, 150])
    }
    expect((await read(await certificatePdf(facts()))).images).toHaveLength(0)
    const broken = { bytes: new Uint8Array([1, 2, 3]), type: 'png' as const }
    const { images, text } = await read(await certificatePdf(facts({ asset: { ...asset, thumbnail: broken } })))
    expect(images).toHaveLength(0)
    expect(text).toContain('LIC-7KQ2M9XPA4RT')
  })

  it('writes titles and names the standard fonts cannot encode, keeping accents and replacing the rest', async () => {
    const title = 'Café façade in Zürich — 東京の夜 🌃 ❤️ Łódź'
    const pdf = await certificatePdf(facts({ asset: { ...facts().asset, title }, licensee: 'Zoë 山田' }))
    const { text, pages } = await read(pdf)
    expect(pages).toBe(1)
    expect(text).toContain('Café façade in Zürich — ???? ? ? Lódz')
    expect(text).toContain('Zoë ??')
    // The PDF's own metadata is Unicode: the title stays whole there.
    expect((await PDFDocument.load(pdf)).getSubject()).toContain(title)
  })

  it('keeps a very long title, address or name to a few lines on the one page', async () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')
    const pdf = await certificatePdf(
      facts({
        asset: { title: words, url: `https://stock.example/assets/${'a'.repeat(400)}` },
        licensee: 'x'.repeat(300),
        variant: 'y'.repeat(300),
      }),
    )
    const { text, pages } = await read(pdf)
    expect(pages).toBe(1)
    expect(text).toContain('word0 word1')
    expect(text).not.toContain('word60')
    expect(text).toContain('…')
    expect(text).toContain('Scan or visit to verify this licence')
  })
})
