import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type OverlayOptions } from 'sharp'
import { publicFileKey, readStoredFile, type Storage } from './storage.server'

// Share cards (og:image) for asset pages and blog posts: 1200x630 PNG, the picture on the
// left and the title on the right. Social sites want a raster image at this size; SVG is
// ignored by most of them.

export const OG_WIDTH = 1200
export const OG_HEIGHT = 630
const PICTURE = 510

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)

/** Breaks a title into at most `maxLines` lines of about `width` characters. */
export function wrapTitle(title: string, width = 17, maxLines = 5): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of title.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  if (lines.length > maxLines) {
    lines.length = maxLines
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/.{0,2}$/, '')}…`
  }
  return lines
}

/** Reads an image by its public URL: a storage derivative (/images/...) or a file in public/. */
export async function readPublicImage(storage: Storage, url: string): Promise<Buffer | null> {
  try {
    const key = publicFileKey(url)
    if (key) {
      const file = await storage.get(key)
      if (!file) return null
      return await readStoredFile(file)
    }
    if (/^\/[\w/.-]+$/.test(url) && !url.includes('..')) return await readFile(path.join(process.cwd(), 'public', url))
  } catch {
    return null
  }
  return null
}

export async function renderShareCard(input: {
  title: string
  kicker: string
  site: string
  picture: Buffer | null
  cover?: boolean
}): Promise<Buffer> {
  const lines = wrapTitle(input.title)
  const text = `
    <svg width="${OG_WIDTH}" height="${OG_HEIGHT}" xmlns="http://www.w3.org/2000/svg">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#3730a3"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <rect x="40" y="60" width="${PICTURE}" height="${PICTURE}" rx="28" fill="#f4f5f7"/>
      <text x="600" y="130" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#c7d2fe" letter-spacing="2">${escapeXml(input.kicker.toUpperCase())}</text>
      ${lines.map((l, i) => `<text x="600" y="${200 + i * 60}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="48" fill="#ffffff">${escapeXml(l)}</text>`).join('')}
      <text x="600" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#e0e7ff">${escapeXml(input.site)}</text>
    </svg>`
  const layers: OverlayOptions[] = []
  if (input.picture) {
    try {
      const inner = input.cover ? PICTURE : PICTURE - 60
      const fitted = await sharp(input.picture, { limitInputPixels: 50_000_000 })
        .resize(inner, inner, { fit: input.cover ? 'cover' : 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer()
      const offset = (PICTURE - inner) / 2
      const rounded = Buffer.from(
        `<svg width="${inner}" height="${inner}"><rect width="${inner}" height="${inner}" rx="${input.cover ? 28 : 0}" fill="#fff"/></svg>`,
      )
      const masked = await sharp(fitted)
        .composite([{ input: rounded, blend: 'dest-in' }])
        .png()
        .toBuffer()
      layers.push({ input: masked, left: 40 + offset, top: 60 + offset })
    } catch {
      // A picture that will not decode leaves the card with its title only.
    }
  }
  return sharp(Buffer.from(text)).composite(layers).png({ compressionLevel: 9 }).toBuffer()
}
