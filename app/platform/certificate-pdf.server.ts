import {
  type Color,
  fill,
  PageSizes,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  setFillingColor,
} from 'pdf-lib'
import QRCode from 'qrcode'
import { SITE_NAME } from '~/lib/constants'
import {
  formatIssued,
  LICENCE_ALLOWS as ALLOWED,
  LICENCE_NEEDS_PERMISSION as NEEDS_PERMISSION,
  LICENCE_NEVER as NEVER,
} from '~/lib/licence-terms'

// The licence certificate: one A4 page that records who may use which file, under which terms,
// and links to the page that verifies it. It is drawn with the PDF standard fonts (nothing to
// ship or embed), which only know the WinAnsi characters: any other character is replaced.

export type CertificateFacts = {
  licenseId: string
  verifyUrl: string
  siteName?: string
  asset: { title: string; url: string; thumbnail?: { bytes: Uint8Array; type: 'png' | 'jpeg' } }
  /** A display name, or an email already masked. */
  licensee: string
  issuedAt: Date
  plan: 'free' | 'pro'
  /** The licence agreement's effective date as the licence page states it, e.g. '23 March 2025'. */
  termsVersion: string
  termsUrl: string
  /** The file delivered, e.g. 'Original PNG, 2048 x 2048'. */
  variant: string
  /** The SHA-256 of the delivered file, in hex. */
  sha256: string
}

const PLAN_NAMES = { free: 'Free', pro: 'Pro' } as const

const [WIDTH, HEIGHT] = PageSizes.A4
const MARGIN = 56
const CONTENT = WIDTH - 2 * MARGIN
/** Labels and pictures sit in the left column; every value starts at the same x. */
const SIDE = 120
const GUTTER = 20
const VALUE_X = MARGIN + SIDE + GUTTER
const VALUE_WIDTH = WIDTH - MARGIN - VALUE_X

const INK = rgb(0.11, 0.12, 0.14)
const MUTED = rgb(0.36, 0.37, 0.4)
const RULE = rgb(0.87, 0.89, 0.9)
const PANEL = rgb(0.95, 0.96, 0.97)
const ACCENT = rgb(0.21, 0.31, 0.78)
const GREEN = rgb(0.15, 0.51, 0.22)
const AMBER = rgb(0.76, 0.29, 0.04)
const WHITE = rgb(1, 1, 1)

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont; monoBold: PDFFont }

/** Letters with a stroke rather than an accent, which Unicode does not decompose, and dashes WinAnsi lacks. */
const NEAREST: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
}

/**
 * Replaces what WinAnsi cannot encode: letters it lacks lose their accent or stroke, joiners and
 * variation selectors (parts of emoji) are dropped, anything else becomes '?'.
 */
function encodable(text: string, supported: Set<number>): string {
  let out = ''
  for (const char of text.normalize('NFC').replace(/\s+/g, ' ')) {
    if (supported.has(char.codePointAt(0)!)) out += char
    else {
      const base = NEAREST[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '')
      if (base && [...base].every((c) => supported.has(c.codePointAt(0)!))) out += base
      else if (!/[\p{M}\p{Cf}]/u.test(char)) out += '?'
    }
  }
  return out.trim()
}

/** Breaks text into lines that fit `width`, words first, characters when a word is too long; the last kept line ends in '…'. */
function wrap(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ').filter(Boolean)) {
    if (lines.length > maxLines) break
    const joined = line ? `${line} ${word}` : word
    if (fits(joined)) {
      line = joined
      continue
    }
    if (line) lines.push(line)
    line = ''
    for (const char of word) {
      if (fits(line + char)) line += char
      else {
        lines.push(line)
        line = char
      }
    }
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  let last = lines[maxLines - 1]!
  while (last && !fits(`${last}…`)) last = last.slice(0, -1)
  return [...lines.slice(0, maxLines - 1), `${last.trimEnd()}…`]
}

async function embedThumbnail(doc: PDFDocument, thumbnail: CertificateFacts['asset']['thumbnail']) {
  if (!thumbnail) return null
  try {
    return thumbnail.type === 'png' ? await doc.embedPng(thumbnail.bytes) : await doc.embedJpg(thumbnail.bytes)
  } catch {
    // A picture that does not decode costs the certificate its thumbnail, not its existence.
    return null
  }
}

/** Draws on the page with y measured from the top edge, as the layout is read. */
function pen(page: PDFPage, fonts: Fonts) {
  const text = (value: string, x: number, baseline: number, font: PDFFont, size: number, color: Color = INK) =>
    page.drawText(value, { x, y: HEIGHT - baseline, font, size, color })
  return {
    text,
    /** Wrapped text from `top` (the first baseline sits one size lower); returns the y below its last line. */
    block(
      value: string,
      x: number,
      top: number,
      o: { font: PDFFont; size: number; width: number; lines: number; color?: Color },
    ) {
      const leading = o.size * 1.3
      const lines = wrap(value, o.font, o.size, o.width, o.lines)
      for (const [i, line] of lines.entries()) text(line, x, top + o.size + i * leading, o.font, o.size, o.color)
      return top + lines.length * leading
    },
    rule(top: number) {
      page.drawLine({
        start: { x: MARGIN, y: HEIGHT - top },
        end: { x: WIDTH - MARGIN, y: HEIGHT - top },
        thickness: 0.75,
        color: RULE,
      })
    },
    /** A label in the left column, on the baseline of an 11-point value that starts at `top`. */
    label(value: string, top: number) {
      text(value, MARGIN, top + 11, fonts.regular, 9.5, MUTED)
    },
  }
}

/** A rounded rectangle as an SVG path, for drawSvgPath (y grows downwards from its origin). */
const rounded = (w: number, h: number, r: number) =>
  `M ${r} 0 H ${w - r} Q ${w} 0 ${w} ${r} V ${h - r} Q ${w} ${h} ${w - r} ${h} H ${r} Q 0 ${h} 0 ${h - r} V ${r} Q 0 0 ${r} 0 Z`

/** The QR code as vector squares, one per dark module, filled as one path so no seams show between them. */
function drawQr(page: PDFPage, url: string, x: number, top: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
  const module = size / modules.size
  const squares = []
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col))
        squares.push(rectangle(x + col * module, HEIGHT - top - (row + 1) * module, module, module))
  page.pushOperators(pushGraphicsState(), setFillingColor(INK), ...squares, fill(), popGraphicsState())
}

function drawPicture(page: PDFPage, image: PDFImage, x: number, top: number, box: number) {
  const inner = box - 12
  const scale = Math.min(inner / image.width, inner / image.height)
  const w = image.width * scale
  const h = image.height * scale
  page.drawImage(image, { x: x + (box - w) / 2, y: HEIGHT - top - box + (box - h) / 2, width: w, height: h })
}

/** The status as a green pill with a tick, right-aligned, its top at `top`. */
function drawStatus(page: PDFPage, font: PDFFont, status: string, top: number) {
  const width = 24 + font.widthOfTextAtSize(status, 10.5) + 12
  const origin = { x: WIDTH - MARGIN - width, y: HEIGHT - top }
  page.drawSvgPath(rounded(width, 24, 12), { ...origin, color: GREEN })
  page.drawSvgPath('M 9 12.2 L 11.8 15 L 16.5 9.2', {
    ...origin,
    borderColor: WHITE,
    borderWidth: 1.8,
    borderLineCap: 1,
  })
  page.drawText(status, { x: origin.x + 24, y: HEIGHT - top - 16, font, size: 10.5, color: WHITE })
}

/** A coloured disc with a white tick or exclamation mark, before each list heading. */
function drawMark(page: PDFPage, x: number, middle: number, color: Color, kind: 'tick' | 'bang') {
  page.drawCircle({ x: x + 6, y: HEIGHT - middle, size: 6, color })
  const path = kind === 'tick' ? 'M 3.2 6.2 L 5.3 8.3 L 9 4' : 'M 6 3 L 6 7 M 6 9 L 6 9.2'
  page.drawSvgPath(path, { x, y: HEIGHT - middle + 6, borderColor: WHITE, borderWidth: 1.6, borderLineCap: 1 })
}

export async function certificatePdf(facts: CertificateFacts): Promise<Uint8Array> {
  const siteName = facts.siteName ?? SITE_NAME
  const doc = await PDFDocument.create()
  doc.setTitle(`Licence certificate ${facts.licenseId}`, { showInWindowTitleBar: true })
  doc.setAuthor(siteName)
  doc.setSubject(`Licence ${facts.licenseId} for "${facts.asset.title}"`)
  doc.setProducer(siteName)
  doc.setCreator(siteName)
  doc.setLanguage('en-GB')
  // The issue date, not the time of drawing: the same licence always gives the same file.
  doc.setCreationDate(facts.issuedAt)
  doc.setModificationDate(facts.issuedAt)

  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
    monoBold: await doc.embedFont(StandardFonts.CourierBold),
  }
  const supported = new Set(fonts.regular.getCharacterSet())
  const clean = (value: string) => encodable(value, supported)
  const picture = await embedThumbnail(doc, facts.asset.thumbnail)

  const page = doc.addPage(PageSizes.A4)
  const draw = pen(page, fonts)
  const { regular, bold, mono, monoBold } = fonts

  // Header: a band of the site's colour, the site and the licence id, the heading and the status.
  page.drawRectangle({ x: 0, y: HEIGHT - 8, width: WIDTH, height: 8, color: ACCENT })
  draw.text(clean(siteName), MARGIN, 52, bold, 12, ACCENT)
  const id = clean(facts.licenseId)
  draw.text(id, WIDTH - MARGIN - monoBold.widthOfTextAtSize(id, 10), 52, monoBold, 10, MUTED)
  draw.text('Licence certificate', MARGIN, 92, bold, 30)
  drawStatus(page, bold, 'Valid licence', 70)

  let y = draw.block(
    `${clean(siteName)} grants the licensee below a licence to use this asset, on the terms stated here.`,
    MARGIN,
    106,
    { font: regular, size: 10.5, width: CONTENT, lines: 2, color: MUTED },
  )
  y += 14
  draw.rule(y)
  y += 18

  // The asset: its picture in the left column, its title and page beside it.
  const assetTop = y
  if (picture) {
    page.drawRectangle({
      x: MARGIN,
      y: HEIGHT - assetTop - SIDE,
      width: SIDE,
      height: SIDE,
      color: PANEL,
      borderColor: RULE,
      borderWidth: 0.75,
    })
    drawPicture(page, picture, MARGIN, assetTop, SIDE)
  } else draw.label('Asset', assetTop + 3)
  y = draw.block(clean(facts.asset.title), VALUE_X, assetTop - 3, {
    font: bold,
    size: 17,
    width: VALUE_WIDTH,
    lines: 3,
  })
  y = draw.block(clean(facts.asset.url), VALUE_X, y + 4, {
    font: regular,
    size: 9.5,
    width: VALUE_WIDTH,
    lines: 2,
    color: ACCENT,
  })
  y = Math.max(y, picture ? assetTop + SIDE : y) + 16
  draw.rule(y)
  y += 16

  // The facts of the licence, one row each, every value on the baseline of its label.
  const rows: Array<{ label: string; value: string; font?: PDFFont; size?: number; link?: string }> = [
    { label: 'Licence ID', value: id, font: monoBold },
    { label: 'Licensee', value: clean(facts.licensee) },
    { label: 'Issued', value: formatIssued(facts.issuedAt) },
    { label: 'Plan', value: PLAN_NAMES[facts.plan] },
    { label: 'File', value: clean(facts.variant) },
    { label: 'SHA-256', value: clean(facts.sha256), font: mono, size: 8.5 },
    {
      label: 'Licence terms',
      value: `Licence agreement effective ${clean(facts.termsVersion)}`,
      link: clean(facts.termsUrl),
    },
  ]
  for (const { label, value, font = regular, size = 11, link } of rows) {
    draw.label(label, y)
    y = draw.block(value, VALUE_X, y + 11 - size, { font, size, width: VALUE_WIDTH, lines: 1 })
    if (link)
      y = draw.block(link, VALUE_X, y + 2, { font: regular, size: 9.5, width: VALUE_WIDTH, lines: 1, color: ACCENT })
    y += 7
  }
  y += 9
  draw.rule(y)
  y += 18

  // What the licence allows, and what needs asking first, side by side.
  const column = (CONTENT - 24) / 2
  const list = (x: number, heading: string, items: readonly string[], color: Color, kind: 'tick' | 'bang') => {
    drawMark(page, x, y + 6, color, kind)
    draw.text(heading, x + 20, y + 10, bold, 11, color)
    let top = y + 22
    for (const item of items) {
      page.drawCircle({ x: x + 6, y: HEIGHT - top - 6.5, size: 1.8, color })
      top = draw.block(item, x + 20, top, { font: regular, size: 9.5, width: column - 20, lines: 3 }) + 4
    }
    return top
  }
  const leftEnd = list(MARGIN, 'Allowed', ALLOWED, GREEN, 'tick')
  const rightEnd = list(MARGIN + column + 24, 'Needs written permission first', NEEDS_PERMISSION, AMBER, 'bang')
  y = Math.max(leftEnd, rightEnd) + 4
  y = draw.block(NEVER, MARGIN, y, { font: regular, size: 9.5, width: CONTENT, lines: 2, color: MUTED })

  // Verification, at the foot of the page: the QR code in the left column, the address beside it.
  const qrSize = 92
  const qrTop = HEIGHT - 48 - qrSize
  draw.rule(qrTop - 18)
  drawQr(page, facts.verifyUrl, MARGIN, qrTop, qrSize)
  draw.text('Verify this licence', VALUE_X, qrTop + 18, bold, 13)
  let below = draw.block('Scan or visit to verify this licence', VALUE_X, qrTop + 26, {
    font: regular,
    size: 10.5,
    width: VALUE_WIDTH,
    lines: 1,
    color: MUTED,
  })
  below = draw.block(clean(facts.verifyUrl), VALUE_X, below + 4, {
    font: regular,
    size: 10.5,
    width: VALUE_WIDTH,
    lines: 2,
    color: ACCENT,
  })
  draw.block(
    `This certificate summarises the licence; the licence agreement at ${clean(facts.termsUrl)} is the full text and prevails.`,
    VALUE_X,
    below + 10,
    { font: regular, size: 8.5, width: VALUE_WIDTH, lines: 3, color: MUTED },
  )

  return doc.save()
}
