/**
 * Provenance written into the files the site delivers: that the asset is AI-generated, who made
 * it, its rights statement, the licence page and the asset's own page. The facts are the
 * asset's, never the downloader's, so a stored variant stays the same for everyone.
 *
 * Images carry an XMP packet, put into the file without decoding it (see xmp.server.ts).
 * Audio carries the same facts in its container's own tags, its frames untouched: ID3v2.4 in
 * MP3, RIFF INFO and ID3v2.4 in WAV (see audio-tags.server.ts), Vorbis comments in Ogg and
 * FLAC (ffmpeg copying the stream).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { type AudioFormat, runFfmpeg, sniffAudioContainer, withTempFile } from './audio.server'
import { inspectImage } from './images.server'
import { mp3WithTags, wavWithTags } from './audio-tags.server'
import { embedXmp } from './xmp.server'

/** IPTC's term for media made by a model trained on sampled content. */
export const PROVENANCE_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia'

export interface Provenance {
  title: string
  creator: string
  /** The asset's page on the site. */
  assetUrl: string
  /** The site's licence page. */
  licenseUrl: string
  /** The rights statement, e.g. '© 2025 Example. Licensed under the site licence.' */
  rights: string
}

export class ProvenanceError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ProvenanceError'
  }
}

/** Drops what no XML document (nor a command line) can hold: control characters, lone surrogates. */
function cleanText(value: string): string {
  return Array.from(value.toWellFormed())
    .filter((char) => {
      const code = char.codePointAt(0)!
      return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff)
    })
    .join('')
    .trim()
}

function checked(p: Provenance): Provenance {
  const clean = { ...p }
  for (const field of ['title', 'creator', 'rights'] as const) {
    clean[field] = cleanText(String(p[field] ?? ''))
    if (!clean[field]) throw new ProvenanceError(`Provenance needs a ${field}.`)
  }
  for (const field of ['assetUrl', 'licenseUrl'] as const) {
    const url = URL.parse(String(p[field] ?? ''))
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      throw new ProvenanceError(`Provenance needs ${field} as an absolute http(s) URL.`)
    clean[field] = url.href
  }
  return clean
}

function xml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * The XMP packet: IPTC's digital source type, Dublin Core title, creator and rights,
 * xmpRights:WebStatement for the licence page, and the asset's page as dc:identifier and as
 * the PLUS licensor URL (where the image can be licensed: search engines show it).
 */
export function xmpPacket(provenance: Provenance): string {
  const p = checked(provenance)
  const alt = (value: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${xml(value)}</rdf:li></rdf:Alt>`
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    xmlns:plus="http://ns.useplus.org/ldf/xmp/1.0/">
   <Iptc4xmpExt:DigitalSourceType>${PROVENANCE_SOURCE_TYPE}</Iptc4xmpExt:DigitalSourceType>
   <dc:title>${alt(p.title)}</dc:title>
   <dc:creator><rdf:Seq><rdf:li>${xml(p.creator)}</rdf:li></rdf:Seq></dc:creator>
   <dc:rights>${alt(p.rights)}</dc:rights>
   <dc:identifier>${xml(p.assetUrl)}</dc:identifier>
   <xmpRights:WebStatement>${xml(p.licenseUrl)}</xmpRights:WebStatement>
   <plus:Licensor><rdf:Seq><rdf:li rdf:parseType="Resource"><plus:LicensorURL>${xml(p.assetUrl)}</plus:LicensorURL></rdf:li></rdf:Seq></plus:Licensor>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`
}

/**
 * The image with the provenance packet, in its own format (PNG, JPEG, WebP or AVIF), its
 * pixels and every other byte untouched. The result is read back before it is returned.
 */
export async function imageWithProvenance(bytes: Buffer, provenance: Provenance): Promise<Buffer> {
  const packet = Buffer.from(xmpPacket(provenance), 'utf8')
  let info: Awaited<ReturnType<typeof inspectImage>>
  try {
    info = await inspectImage(bytes)
  } catch (error) {
    throw new ProvenanceError('The file is not an image we can read (PNG, JPEG, WebP or AVIF).', { cause: error })
  }
  try {
    const out = embedXmp(bytes, info.format, packet)
    const check = await inspectImage(out)
    const meta = await sharp(out).metadata()
    if (check.format !== info.format || check.width !== info.width || check.height !== info.height)
      throw new Error('the image reads differently afterwards')
    if (!meta.xmp?.equals(packet)) throw new Error('the packet does not read back')
    return out
  } catch (error) {
    throw new ProvenanceError(`Could not write provenance into the ${info.format.toUpperCase()}: ${message(error)}`, {
      cause: error,
    })
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The facts in words, for players that show only a comment. */
function inWords(p: Provenance): string {
  return `AI-generated (IPTC digital source type: ${PROVENANCE_SOURCE_TYPE}). Licence: ${p.licenseUrl} Asset page: ${p.assetUrl}`
}

/**
 * Vorbis comments (Ogg and FLAC): the common names, LICENSE for the licence page, CONTACT (the
 * distributor's page) for the asset page, and the source type. ffmpeg writes COMMENT as
 * DESCRIPTION, which readers show as the comment.
 */
function vorbisComments(p: Provenance): Record<string, string> {
  return {
    TITLE: p.title,
    ARTIST: p.creator,
    COPYRIGHT: p.rights,
    LICENSE: p.licenseUrl,
    CONTACT: p.assetUrl,
    COMMENT: inWords(p),
    DIGITAL_SOURCE_TYPE: PROVENANCE_SOURCE_TYPE,
  }
}

/**
 * The audio file with the provenance tags, its audio frames copied, never re-encoded. `format`
 * is what the caller believes the file is; the bytes must agree. Tags the file had are replaced.
 */
export async function audioWithProvenance(
  bytes: Buffer,
  provenance: Provenance,
  format?: AudioFormat,
): Promise<Buffer> {
  const p = checked(provenance)
  const container = sniffAudioContainer(bytes)
  if (!container) throw new ProvenanceError('The file is not audio we deliver (WAV, MP3, OGG or FLAC).')
  if (format && (format === 'opus' ? 'ogg' : format) !== container)
    throw new ProvenanceError(`The file is ${container.toUpperCase()}, not ${format.toUpperCase()}.`)
  try {
    if (container === 'mp3' || container === 'wav') {
      const tags = {
        title: p.title,
        artist: p.creator,
        copyright: p.rights,
        comment: inWords(p),
        licenseUrl: p.licenseUrl,
        fileUrl: p.assetUrl,
        extra: { DIGITAL_SOURCE_TYPE: PROVENANCE_SOURCE_TYPE },
      }
      return container === 'mp3' ? mp3WithTags(bytes, tags) : wavWithTags(bytes, tags)
    }
    return await withVorbisComments(bytes, container, vorbisComments(p))
  } catch (error) {
    throw new ProvenanceError(`Could not write provenance into the ${container.toUpperCase()}: ${message(error)}`, {
      cause: error,
    })
  }
}

/** ffmpeg copies the stream into a new file with these comments and none of the old ones. */
function withVorbisComments(
  bytes: Buffer,
  container: 'ogg' | 'flac',
  comments: Record<string, string>,
): Promise<Buffer> {
  return withTempFile(bytes, async (input) => {
    const output = path.join(path.dirname(input), `output.${container}`)
    const { code, stderr } = await runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      container,
      '-i',
      input,
      '-map',
      '0',
      '-map_metadata',
      '-1',
      '-codec',
      'copy',
      '-fflags',
      '+bitexact',
      ...Object.entries(comments).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
      '-f',
      container,
      output,
    ])
    if (code !== 0) throw new Error(stderr.trim() || `ffmpeg exited with ${code}`)
    return readFile(output)
  })
}
