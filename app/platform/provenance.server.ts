/**
 * Provenance written into the files the site delivers: that the asset is AI-generated, who made
 * it, its rights statement, the licence page and the asset's own page. The facts are the
 * asset's, never the downloader's, so a stored variant stays the same for everyone.
 *
 * Images carry an XMP packet written by ExifTool (exiftool-vendored), which edits the file's
 * metadata without decoding the image. Audio carries the same facts in its container's own
 * tags, its frames untouched: ID3 in MP3 (node-id3), RIFF INFO in WAV and Vorbis comments in Ogg
 * and FLAC (ffmpeg copying the stream).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ExifTool, type WriteTags } from 'exiftool-vendored'
import NodeID3 from 'node-id3'
import sharp from 'sharp'
import { type AudioFormat, quietInput, runFfmpeg, sniffAudioContainer, withTempFile } from './audio.server'
import { inspectImage } from './images.server'

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

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

let exiftool: ExifTool | undefined

/** Ends ExifTool's perl processes, when the server shuts down; a later image starts them again. */
export async function endProvenanceTools(): Promise<void> {
  const ending = exiftool
  exiftool = undefined
  await ending?.end()
}

/** exiftool-vendored has ExifTool decode HTML entities in the values (-E): '&' escaped, text kept as written. */
const literal = (value: string) => value.replaceAll('&', '&#38;')

/**
 * The XMP tags: IPTC's digital source type, Dublin Core title, creator and rights,
 * xmpRights:WebStatement for the licence page, and the asset's page as dc:identifier and as
 * the PLUS licensor URL (where the image can be licensed: search engines show it). Any XMP
 * the file had is deleted first, so one packet with only these facts is left.
 */
function xmpTags(p: Provenance): WriteTags {
  // Names with their group, so that every fact goes into the XMP alone (a bare Title would also
  // become a PNG text chunk): WriteTags knows only the bare names.
  return {
    'XMP:all': null,
    'XMP-iptcExt:DigitalSourceType': PROVENANCE_SOURCE_TYPE,
    'XMP-dc:Title': literal(p.title),
    'XMP-dc:Creator': literal(p.creator),
    'XMP-dc:Rights': literal(p.rights),
    'XMP-dc:Identifier': literal(p.assetUrl),
    'XMP-xmpRights:WebStatement': literal(p.licenseUrl),
    'XMP-plus:LicensorURL': literal(p.assetUrl),
  } as WriteTags
}

/**
 * One rdf:Description and no padding (room to edit in place, which a delivered file never
 * needs). FastScan skips checking every PNG chunk's CRC in perl (~100 ms a megabyte): the
 * image was decoded whole when it was uploaded.
 */
const XMP_WRITE_ARGS = ['-overwrite_original', '-api', 'Compact=NoPadding,OneDesc', '-api', 'FastScan=1']

/**
 * The image with the provenance packet, in its own format (PNG, JPEG, WebP or AVIF), its
 * pixels untouched. The result is read back before it is returned.
 */
export async function imageWithProvenance(bytes: Buffer, provenance: Provenance): Promise<Buffer> {
  const p = checked(provenance)
  let info: Awaited<ReturnType<typeof inspectImage>>
  try {
    info = await inspectImage(bytes)
  } catch (error) {
    throw new ProvenanceError('The file is not an image we can read (PNG, JPEG, WebP or AVIF).', { cause: error })
  }
  try {
    const out = await withTempFile(bytes, async (file) => {
      // ExifTool's perl processes stay up between images, started on first use.
      exiftool ??= new ExifTool()
      await exiftool.write(file, xmpTags(p), { writeArgs: XMP_WRITE_ARGS })
      return readFile(file)
    })
    const check = await inspectImage(out)
    if (check.format !== info.format || check.width !== info.width || check.height !== info.height)
      throw new Error('the image reads differently afterwards')
    const { xmp } = await sharp(out).metadata()
    if (!xmp?.includes(PROVENANCE_SOURCE_TYPE)) throw new Error('the packet does not read back')
    return out
  } catch (error) {
    throw new ProvenanceError(`Could not write provenance into the ${info.format.toUpperCase()}: ${message(error)}`, {
      cause: error,
    })
  }
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
 * Readers take RIFF INFO as Latin-1 while this ffmpeg writes UTF-8, so the values are made
 * ASCII, the same in both: accents dropped, '©' as '(c)', any other character as '?'.
 */
function ascii(value: string): string {
  return value
    .replaceAll('©', '(c)')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/gu, '?')
}

/** RIFF INFO (WAV): ffmpeg writes title, artist, copyright and comment as INAM, IART, ICOP, ICMT. */
function riffInfo(p: Provenance): Record<string, string> {
  return { title: ascii(p.title), artist: ascii(p.creator), copyright: ascii(p.rights), comment: ascii(inWords(p)) }
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
    if (container === 'mp3') return mp3WithTags(bytes, p)
    return await copiedWithMetadata(bytes, container, container === 'wav' ? riffInfo(p) : vorbisComments(p))
  } catch (error) {
    throw new ProvenanceError(`Could not write provenance into the ${container.toUpperCase()}: ${message(error)}`, {
      cause: error,
    })
  }
}

/** The length of the ID3v2 tag at `offset`, or 0 when there is none. */
function id3Length(bytes: Buffer, offset: number): number {
  if (bytes.length < offset + 10 || bytes.toString('latin1', offset, offset + 3) !== 'ID3') return 0
  const size = bytes.subarray(offset + 6, offset + 10).reduce((sum, byte) => sum * 128 + (byte & 0x7f), 0)
  const footer = bytes[offset + 5] & 0x10 ? 10 : 0
  return 10 + size + footer
}

/**
 * An ID3 tag made by node-id3 in front of the MPEG frames, in place of the tags the file had
 * (ID3v2 in front, ID3v1 and APEv2 at the end). The frames are found here rather than by
 * node-id3, which looks for an old tag anywhere in the file and could cut one out of the audio.
 */
function mp3WithTags(mp3: Buffer, p: Provenance): Buffer {
  let start = 0
  for (let length = id3Length(mp3, 0); length > 0; length = id3Length(mp3, start)) start += length
  let end = mp3.length
  if (end - start >= 128 && mp3.toString('latin1', end - 128, end - 125) === 'TAG') end -= 128
  if (end - start >= 32 && mp3.toString('latin1', end - 32, end - 24) === 'APETAGEX') {
    // The APEv2 footer gives the size of items and footer, and says whether a header precedes them.
    end -= mp3.readUInt32LE(end - 20) + (mp3.readUInt32LE(end - 12) & 0x80000000 ? 32 : 0)
  }
  if (start >= end || mp3[start] !== 0xff || (mp3[start + 1] & 0xe0) !== 0xe0)
    throw new Error('no MPEG audio after its tags')
  const tag = NodeID3.create({
    title: p.title,
    artist: p.creator,
    copyright: p.rights,
    comment: { language: 'eng', text: inWords(p) },
    copyrightUrl: p.licenseUrl,
    fileUrl: p.assetUrl,
    userDefinedText: [{ description: 'DIGITAL_SOURCE_TYPE', value: PROVENANCE_SOURCE_TYPE }],
  })
  return Buffer.concat([tag, mp3.subarray(start, end)])
}

/** ffmpeg copies the stream into a new file with this metadata and none of the old. */
function copiedWithMetadata(
  bytes: Buffer,
  container: 'wav' | 'ogg' | 'flac',
  metadata: Record<string, string>,
): Promise<Buffer> {
  return withTempFile(bytes, async (input) => {
    const output = path.join(path.dirname(input), `output.${container}`)
    const { code, stderr } = await runFfmpeg([
      ...quietInput(container, input),
      '-map',
      '0',
      '-map_metadata',
      '-1',
      '-codec',
      'copy',
      '-fflags',
      '+bitexact',
      ...Object.entries(metadata).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
      '-f',
      container,
      output,
    ])
    if (code !== 0) throw new Error(stderr.trim() || `ffmpeg exited with ${code}`)
    return readFile(output)
  })
}
