/**
 * Puts an XMP packet into an image file without decoding it: the packet goes where each
 * container keeps XMP (JPEG APP1 segment, PNG iTXt chunk, WebP 'XMP ' chunk, AVIF 'mime' item),
 * a packet already there is replaced, and every other byte is kept as it was. A lossy original
 * therefore loses nothing, and the cost is a copy of the file rather than an encode.
 * Anything unexpected in the file's structure throws: a file is never half written.
 */
import { crc32 } from 'node:zlib'

export type XmpImageFormat = 'png' | 'jpeg' | 'webp' | 'avif'

export function embedXmp(bytes: Buffer, format: XmpImageFormat, packet: Buffer): Buffer {
  switch (format) {
    case 'jpeg':
      return jpegWithXmp(bytes, packet)
    case 'png':
      return pngWithXmp(bytes, packet)
    case 'webp':
      return webpWithXmp(bytes, packet)
    case 'avif':
      return avifWithXmp(bytes, packet)
  }
}

function fail(format: string, why: string): never {
  throw new Error(`Cannot add XMP to this ${format}: ${why}.`)
}

// --- JPEG: an APP1 segment named by the XMP namespace, after the JFIF and Exif segments ---

const JPEG_XMP = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1')
const JPEG_EXTENDED_XMP = Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1')

function jpegWithXmp(jpeg: Buffer, packet: Buffer): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) fail('JPEG', 'no start of image')
  const segmentLength = 2 + JPEG_XMP.length + packet.length
  if (segmentLength > 0xffff) fail('JPEG', 'the packet is larger than one segment')
  const xmp = Buffer.alloc(4)
  xmp.writeUInt16BE(0xffe1, 0)
  xmp.writeUInt16BE(segmentLength, 2)
  const parts: Buffer[] = [jpeg.subarray(0, 2)]
  let insertAt = 1
  let leading = true
  let offset = 2
  // The headers up to the first scan; the scan data and all after it are copied as they are.
  for (;;) {
    if (offset + 2 > jpeg.length || jpeg[offset] !== 0xff) fail('JPEG', 'a broken marker before the image data')
    const marker = jpeg[offset + 1]
    if (marker === 0xff) {
      offset++ // a fill byte
      continue
    }
    if (marker === 0xda || marker === 0xd9) break
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(jpeg.subarray(offset, offset + 2)) // markers without a length
      leading = false
      offset += 2
      continue
    }
    const end = offset + 2 + (offset + 4 <= jpeg.length ? jpeg.readUInt16BE(offset + 2) : 0)
    if (end < offset + 4 || end > jpeg.length) fail('JPEG', 'a segment runs past the end')
    const segment = jpeg.subarray(offset, end)
    const body = segment.subarray(4)
    const isXmp = marker === 0xe1 && (startsWith(body, JPEG_XMP) || startsWith(body, JPEG_EXTENDED_XMP))
    if (!isXmp) {
      parts.push(segment)
      // JFIF must stay first and Exif right after it; the packet follows them.
      if (leading && (marker === 0xe0 || marker === 0xe1)) insertAt = parts.length
      else leading = false
    }
    offset = end
  }
  parts.splice(insertAt, 0, xmp, JPEG_XMP, packet)
  parts.push(jpeg.subarray(offset))
  return Buffer.concat(parts)
}

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix)
}

// --- PNG: an iTXt chunk with the keyword XML:com.adobe.xmp, before the image data ---

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const PNG_XMP_KEYWORD = Buffer.from('XML:com.adobe.xmp\0', 'latin1')

function pngWithXmp(png: Buffer, packet: Buffer): Buffer {
  if (!startsWith(png, PNG_SIGNATURE)) fail('PNG', 'no PNG signature')
  // Keyword, then uncompressed (flag 0, method 0), no language tag, no translated keyword.
  const xmp = pngChunk('iTXt', Buffer.concat([PNG_XMP_KEYWORD, Buffer.from([0, 0, 0, 0]), packet]))
  const parts: Buffer[] = [PNG_SIGNATURE]
  let placed = false
  let offset = PNG_SIGNATURE.length
  while (offset < png.length) {
    if (offset + 12 > png.length) fail('PNG', 'a chunk runs past the end')
    const end = offset + 12 + png.readUInt32BE(offset)
    if (end > png.length) fail('PNG', 'a chunk runs past the end')
    const type = png.toString('latin1', offset + 4, offset + 8)
    const chunk = png.subarray(offset, end)
    if (!placed && (type === 'IDAT' || type === 'IEND')) {
      parts.push(xmp)
      placed = true
    }
    if (!(type === 'iTXt' && startsWith(chunk.subarray(8), PNG_XMP_KEYWORD))) parts.push(chunk)
    offset = end
    if (type === 'IEND') break
  }
  if (!placed) fail('PNG', 'no image data')
  return Buffer.concat(parts)
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length)
  chunk.writeUInt32BE(data.length, 0)
  chunk.write(type, 4, 'latin1')
  data.copy(chunk, 8)
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length)
  return chunk
}

// --- WebP: an 'XMP ' chunk at the end, announced by the extended header (VP8X) ---

const VP8X_XMP = 0x04
const VP8X_ALPHA = 0x10

function webpWithXmp(webp: Buffer, packet: Buffer): Buffer {
  if (webp.length < 20 || webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP')
    fail('WebP', 'no RIFF WEBP header')
  const end = Math.min(webp.length, 8 + webp.readUInt32LE(4))
  const chunks: { type: string; bytes: Buffer }[] = []
  for (let offset = 12; offset < end; ) {
    if (offset + 8 > end) fail('WebP', 'a chunk runs past the end')
    const size = webp.readUInt32LE(offset + 4)
    const next = offset + 8 + size + (size % 2)
    if (offset + 8 + size > end) fail('WebP', 'a chunk runs past the end')
    // Each chunk keeps its padding byte, written when a writer left it out of the last one.
    const bytes =
      next <= end ? webp.subarray(offset, next) : Buffer.concat([webp.subarray(offset, end), Buffer.alloc(1)])
    chunks.push({ type: webp.toString('latin1', offset, offset + 4), bytes })
    offset = next
  }
  if (chunks.length === 0) fail('WebP', 'no image data')
  let header: Buffer
  if (chunks[0].type === 'VP8X') header = Buffer.from(chunks.shift()!.bytes)
  else header = vp8xFor(chunks[0].type, chunks[0].bytes.subarray(8))
  header[8] |= VP8X_XMP
  const parts = [header, ...chunks.filter((c) => c.type !== 'XMP ').map((c) => c.bytes)]
  const xmp = Buffer.alloc(8 + packet.length + (packet.length % 2))
  xmp.write('XMP ', 0, 'latin1')
  xmp.writeUInt32LE(packet.length, 4)
  packet.copy(xmp, 8)
  parts.push(xmp)
  const body = Buffer.concat(parts)
  const riff = Buffer.alloc(12)
  riff.write('RIFF', 0, 'latin1')
  riff.writeUInt32LE(4 + body.length, 4)
  riff.write('WEBP', 8, 'latin1')
  return Buffer.concat([riff, body])
}

/** The extended header a simple (VP8 or VP8L) file needs before it can carry metadata. */
function vp8xFor(type: string, image: Buffer): Buffer {
  let width: number
  let height: number
  let alpha = false
  if (type === 'VP8 ' && image.length >= 10 && image.readUIntBE(3, 3) === 0x9d012a) {
    width = image.readUInt16LE(6) & 0x3fff
    height = image.readUInt16LE(8) & 0x3fff
  } else if (type === 'VP8L' && image.length >= 5 && image[0] === 0x2f) {
    const bits = image.readUInt32LE(1)
    width = (bits & 0x3fff) + 1
    height = ((bits >>> 14) & 0x3fff) + 1
    alpha = ((bits >>> 28) & 1) === 1
  } else fail('WebP', 'an unknown image chunk')
  const header = Buffer.alloc(18)
  header.write('VP8X', 0, 'latin1')
  header.writeUInt32LE(10, 4)
  header[8] = alpha ? VP8X_ALPHA : 0
  header.writeUIntLE(width - 1, 12, 3)
  header.writeUIntLE(height - 1, 15, 3)
  return header
}

// --- AVIF: a 'mime' item of type application/rdf+xml describing the primary image ---
//
// The item is declared in the 'meta' box (iinf, iloc, iref) and its bytes go into a new 'mdat'
// at the end of the file. 'meta' grows, so every item located after it moves by as much: iloc
// is rewritten with those offsets. A packet already there keeps its item and is pointed at the
// new bytes.

const XMP_CONTENT_TYPE = 'application/rdf+xml'

interface Box {
  type: string
  start: number
  end: number
  /** Where the contents start (after size, type and any 64-bit size). */
  body: number
}

function readBoxes(bytes: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = []
  for (let offset = start; offset < end; ) {
    if (offset + 8 > end) fail('AVIF', 'a box runs past the end')
    let size = bytes.readUInt32BE(offset)
    let body = offset + 8
    if (size === 1) {
      if (offset + 16 > end) fail('AVIF', 'a box runs past the end')
      size = Number(bytes.readBigUInt64BE(offset + 8))
      body = offset + 16
    } else if (size === 0) size = end - offset
    if (offset + size > end || offset + size < body) fail('AVIF', 'a box runs past the end')
    boxes.push({ type: bytes.toString('latin1', offset + 4, offset + 8), start: offset, end: offset + size, body })
    offset += size
  }
  return boxes
}

/** A cursor over big-endian fields. */
class Reader {
  constructor(
    private bytes: Buffer,
    public offset: number,
    private end: number,
  ) {}
  uint(size: number): number {
    if (this.offset + size > this.end) fail('AVIF', 'a box is cut short')
    const value =
      size === 0
        ? 0
        : size === 8
          ? Number(this.bytes.readBigUInt64BE(this.offset))
          : this.bytes.readUIntBE(this.offset, size)
    this.offset += size
    return value
  }
  string(): string {
    const zero = this.bytes.indexOf(0, this.offset)
    if (zero < 0 || zero >= this.end) fail('AVIF', 'a string is not terminated')
    const value = this.bytes.toString('utf8', this.offset, zero)
    this.offset = zero + 1
    return value
  }
}

/** Collects big-endian fields into a box. */
class Writer {
  private parts: Buffer[] = []
  uint(value: number, size: number): this {
    const field = Buffer.alloc(size)
    if (size === 8) field.writeBigUInt64BE(BigInt(value))
    else if (size > 0) field.writeUIntBE(value, 0, size)
    this.parts.push(field)
    return this
  }
  bytes(value: Buffer | string): this {
    this.parts.push(typeof value === 'string' ? Buffer.from(value, 'utf8') : value)
    return this
  }
  box(type: string, version?: number, flags = 0): Buffer {
    const header = new Writer().uint(0, 4).bytes(type)
    if (version !== undefined) header.uint(version, 1).uint(flags, 3)
    const box = Buffer.concat([...header.parts, ...this.parts])
    box.writeUInt32BE(box.length, 0)
    return box
  }
}

interface Extent {
  index: number
  offset: number
  length: number
}

interface Location {
  id: number
  method: number
  reference: number
  base: number
  extents: Extent[]
}

interface ItemLocations {
  version: number
  indexSize: number
  items: Location[]
}

function readIloc(bytes: Buffer, box: Box): ItemLocations {
  const r = new Reader(bytes, box.body, box.end)
  const version = r.uint(1)
  r.uint(3)
  if (version > 2) fail('AVIF', `iloc version ${version}`)
  const sizes = r.uint(1)
  const more = r.uint(1)
  const offsetSize = sizes >> 4
  const lengthSize = sizes & 0xf
  const baseSize = more >> 4
  const indexSize = version > 0 ? more & 0xf : 0
  const items: Location[] = []
  const count = r.uint(version < 2 ? 2 : 4)
  for (let i = 0; i < count; i++) {
    const id = r.uint(version < 2 ? 2 : 4)
    const method = version > 0 ? r.uint(2) & 0xf : 0
    const reference = r.uint(2)
    const base = r.uint(baseSize)
    const extents: Extent[] = []
    const extentCount = r.uint(2)
    for (let e = 0; e < extentCount; e++)
      extents.push({ index: r.uint(indexSize), offset: r.uint(offsetSize), length: r.uint(lengthSize) })
    items.push({ id, method, reference, base, extents })
  }
  return { version, indexSize, items }
}

function writeIloc(iloc: ItemLocations, fieldSize: number): Buffer {
  const wideIds = iloc.items.some((item) => item.id > 0xffff)
  const version = wideIds ? 2 : iloc.version
  const idSize = version < 2 ? 2 : 4
  const w = new Writer()
    .uint((fieldSize << 4) | fieldSize, 1)
    .uint((fieldSize << 4) | (version > 0 ? iloc.indexSize : 0), 1)
    .uint(iloc.items.length, idSize)
  for (const item of iloc.items) {
    w.uint(item.id, idSize)
    if (version > 0) w.uint(item.method, 2)
    w.uint(item.reference, 2).uint(item.base, fieldSize).uint(item.extents.length, 2)
    for (const extent of item.extents) {
      if (version > 0) w.uint(extent.index, iloc.indexSize)
      w.uint(extent.offset, fieldSize).uint(extent.length, fieldSize)
    }
  }
  return w.box('iloc', version)
}

interface ItemInfo {
  id: number
  type: string
  contentType: string
  contentEncoding: string
}

function readInfe(bytes: Buffer, box: Box): ItemInfo {
  const r = new Reader(bytes, box.body, box.end)
  const version = r.uint(1)
  r.uint(3)
  if (version < 2) fail('AVIF', `infe version ${version}`)
  const id = r.uint(version === 2 ? 2 : 4)
  r.uint(2)
  const type = bytes.toString('latin1', r.offset, r.offset + 4)
  r.uint(4)
  r.string()
  const contentType = type === 'mime' ? r.string() : ''
  const contentEncoding = type === 'mime' && r.offset < box.end ? r.string() : ''
  return { id, type, contentType, contentEncoding }
}

interface Reference {
  type: string
  from: number
  to: number[]
}

function readIref(bytes: Buffer, box: Box): Reference[] {
  const version = bytes[box.body]
  const idSize = version === 0 ? 2 : 4
  return readBoxes(bytes, box.body + 4, box.end).map((ref) => {
    const r = new Reader(bytes, ref.body, ref.end)
    const from = r.uint(idSize)
    const to = Array.from({ length: r.uint(2) }, () => r.uint(idSize))
    return { type: ref.type, from, to }
  })
}

function writeIref(references: Reference[]): Buffer {
  const wide = references.some((ref) => ref.from > 0xffff || ref.to.some((id) => id > 0xffff))
  const idSize = wide ? 4 : 2
  const w = new Writer()
  for (const ref of references) {
    const entry = new Writer().uint(ref.from, idSize).uint(ref.to.length, 2)
    for (const id of ref.to) entry.uint(id, idSize)
    w.bytes(entry.box(ref.type))
  }
  return w.box('iref', wide ? 1 : 0)
}

function avifWithXmp(avif: Buffer, packet: Buffer): Buffer {
  const top = readBoxes(avif, 0, avif.length)
  if (top[0]?.type !== 'ftyp') fail('AVIF', 'no ftyp box')
  // Track sample offsets would move too; an image sequence is not a still image.
  if (top.some((box) => box.type === 'moov' || box.type === 'moof')) fail('AVIF', 'it is an image sequence')
  const metas = top.filter((box) => box.type === 'meta')
  if (metas.length !== 1) fail('AVIF', 'not exactly one meta box')
  const meta = metas[0]
  const children = readBoxes(avif, meta.body + 4, meta.end)
  const child = (type: string) => children.find((box) => box.type === type)
  const iinf = child('iinf')
  const ilocBox = child('iloc')
  const pitm = child('pitm')
  if (!iinf || !ilocBox || !pitm) fail('AVIF', 'no item information, locations or primary item')
  const primary = new Reader(avif, pitm.body + 4, pitm.end).uint(avif[pitm.body] === 0 ? 2 : 4)
  const iinfVersion = avif[iinf.body]
  const entries = readBoxes(avif, iinf.body + 4 + (iinfVersion === 0 ? 2 : 4), iinf.end)
  const infos = entries.map((box) => readInfe(avif, box))
  const iloc = readIloc(avif, ilocBox)
  const references = child('iref') ? readIref(avif, child('iref')!) : []

  const xmpItems = infos.filter((info) => info.type === 'mime' && info.contentType === XMP_CONTENT_TYPE)
  if (xmpItems.some((info) => info.contentEncoding !== '')) fail('AVIF', 'its XMP is compressed')
  const newInfe: Buffer[] = []
  const xmpIds = xmpItems.map((info) => info.id)
  if (xmpIds.length === 0) {
    const id = Math.max(0, ...infos.map((info) => info.id), ...iloc.items.map((item) => item.id)) + 1
    xmpIds.push(id)
    newInfe.push(
      new Writer()
        .uint(id, id > 0xffff ? 4 : 2)
        .uint(0, 2)
        .bytes('mime')
        .bytes(`\0${XMP_CONTENT_TYPE}\0`)
        .box('infe', id > 0xffff ? 3 : 2),
    )
    references.push({ type: 'cdsc', from: id, to: [primary] })
  }

  // Offsets made absolute and explicit (a length of 0 meant 'to the end of the file').
  for (const item of iloc.items) {
    if (item.method !== 0 || item.reference !== 0) continue
    for (const extent of item.extents) {
      extent.offset += item.base
      if (extent.length === 0) extent.length = avif.length - extent.offset
      if (extent.offset < meta.end && extent.offset + extent.length > meta.start) fail('AVIF', 'an item inside meta')
    }
    item.base = 0
  }
  // The old packet's bytes are blanked, so that no scan of the file finds it.
  const source = xmpItems.length > 0 ? Buffer.from(avif) : avif
  const idat = child('idat')
  for (const item of iloc.items.filter((item) => xmpIds.includes(item.id) && item.reference === 0))
    for (const extent of item.extents) {
      if (item.method === 0) source.fill(0x20, extent.offset, extent.offset + extent.length)
      if (item.method === 1 && idat)
        source.fill(0x20, idat.body + item.base + extent.offset, idat.body + item.base + extent.offset + extent.length)
    }
  iloc.items = iloc.items.filter((item) => !xmpIds.includes(item.id))
  const fieldSize = avif.length + packet.length + 0x10000 > 0xffffffff ? 8 : 4
  const build = (shift: number, xmpOffset: number) => {
    const items = iloc.items.map((item) =>
      item.method !== 0 || item.reference !== 0
        ? item
        : {
            ...item,
            extents: item.extents.map((e) => ({ ...e, offset: e.offset >= meta.end ? e.offset + shift : e.offset })),
          },
    )
    for (const id of xmpIds)
      items.push({
        id,
        method: 0,
        reference: 0,
        base: 0,
        extents: [{ index: 0, offset: xmpOffset, length: packet.length }],
      })
    items.sort((a, b) => a.id - b.id)
    const infeCount = entries.length + newInfe.length
    const newIinf = new Writer()
      .uint(infeCount, infeCount > 0xffff ? 4 : 2)
      .bytes(Buffer.concat([...entries.map((box) => source.subarray(box.start, box.end)), ...newInfe]))
      .box('iinf', infeCount > 0xffff ? 1 : 0)
    const body = new Writer().bytes(avif.subarray(meta.body, meta.body + 4))
    for (const box of children) {
      if (box.type === 'iinf') body.bytes(newIinf)
      else if (box.type === 'iloc') body.bytes(writeIloc({ ...iloc, items }, fieldSize))
      else if (box.type !== 'iref') body.bytes(source.subarray(box.start, box.end))
      // A new iref goes right after iinf; an old one stays where it was, rewritten.
      if (box.type === (child('iref') ? 'iref' : 'iinf') && references.length > 0) body.bytes(writeIref(references))
    }
    return body.box('meta')
  }
  const shift = build(0, 0).length - (meta.end - meta.start)
  const mdat = Buffer.alloc(8)
  mdat.writeUInt32BE(8 + packet.length, 0)
  mdat.write('mdat', 4, 'latin1')
  const newMeta = build(shift, avif.length + shift + 8)
  const rest = source.subarray(meta.end)
  // A last box whose size said 'to the end of the file' gets its size written, as the new mdat follows it.
  const last = top[top.length - 1]
  const lastSize = avif.readUInt32BE(last.start)
  const patched = lastSize === 0 && last.start >= meta.end ? Buffer.from(rest) : rest
  if (patched !== rest) {
    if (last.end - last.start > 0xffffffff) fail('AVIF', 'a box too large')
    patched.writeUInt32BE(last.end - last.start, last.start - meta.end)
  }
  return Buffer.concat([source.subarray(0, meta.start), newMeta, patched, mdat, packet])
}
