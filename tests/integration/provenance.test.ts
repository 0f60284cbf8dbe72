import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseBuffer } from 'music-metadata'
import sharp, { type Sharp } from 'sharp'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import {
  audioWithProvenance,
  endProvenanceTools,
  imageWithProvenance,
  PROVENANCE_SOURCE_TYPE,
  ProvenanceError,
  type Provenance,
} from '~/platform/provenance.server'

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path

const provenance: Provenance = {
  title: 'Fjord & "Sky" <at dawn> – ünïcode ✓',
  creator: 'Studio Ørsted',
  assetUrl: 'https://stock.example/assets/42-fjord-at-dawn',
  licenseUrl: 'https://stock.example/license',
  rights: '© 2025 Stock Example. Licensed under the site licence.',
}

// --- reading an XMP packet back, with a strict enough check that it is well-formed XML ---

function unescape(text: string): string {
  return text.replace(/&#(\d+);|&(amp|lt|gt|quot|apos);/g, (_, code, name) =>
    code ? String.fromCodePoint(Number(code)) : { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name as string]!,
  )
}

function expectWellFormed(xmp: string) {
  expect(xmp).toMatch(/^<\?xpacket begin=(["'])\uFEFF\1 id=\1W5M0MpCehiHzreSzNTczkc9d\1\?>/)
  expect(xmp.trimEnd()).toMatch(/<\?xpacket end=(["'])[rw]\1\?>$/)
  const stack: string[] = []
  const body = xmp.replace(/<\?xpacket[^?]*\?>/g, '')
  const tag =
    /<(\/?)([A-Za-z][\w.:-]*)((?:\s+[\w.:-]+=(?:"[^"<&]*"|'[^'<&]*'))*)\s*(\/?)>|<|&(?!(?:#\d+|amp|lt|gt|quot|apos);)/g
  for (const m of body.matchAll(tag)) {
    if (!m[2]) throw new Error(`A stray '${m[0]}' at ${m.index}`)
    if (m[1]) expect(stack.pop(), `closing ${m[2]}`).toBe(m[2])
    else if (!m[4]) stack.push(m[2])
  }
  expect(stack).toEqual([])
}

function readXmp(xmp: string) {
  expectWellFormed(xmp)
  const one = (pattern: RegExp) => {
    const found = [...xmp.matchAll(new RegExp(pattern, 'g'))]
    expect(found, String(pattern)).toHaveLength(1)
    return unescape(found[0][1])
  }
  return {
    sourceType: one(/<Iptc4xmpExt:DigitalSourceType>([^<]*)</),
    title: one(/<dc:title>\s*<rdf:Alt>\s*<rdf:li xml:lang=["']x-default["']>([^<]*)</),
    creator: one(/<dc:creator>\s*<rdf:Seq>\s*<rdf:li>([^<]*)</),
    rights: one(/<dc:rights>\s*<rdf:Alt>\s*<rdf:li xml:lang=["']x-default["']>([^<]*)</),
    webStatement: one(/<xmpRights:WebStatement>([^<]*)</),
    identifier: one(/<dc:identifier>([^<]*)</),
    licensorUrl: one(/<plus:LicensorURL>([^<]*)</),
  }
}

function expectProvenance(xmp: string, p: Provenance = provenance) {
  expect(readXmp(xmp)).toEqual({
    sourceType: PROVENANCE_SOURCE_TYPE,
    title: p.title,
    creator: p.creator,
    rights: p.rights,
    webStatement: p.licenseUrl,
    identifier: p.assetUrl,
    licensorUrl: p.assetUrl,
  })
}

// --- images ---

/** Noise, so that any lossy re-encode would show in the pixels. */
function noise(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  return sharp({
    create: { width, height, channels, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
}

const frames = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      noise(40, 30)
        .modulate({ hue: 90 * i })
        .png()
        .toBuffer(),
    ),
  )

const pixels = (image: Buffer) => sharp(image, { pages: -1 }).raw().toBuffer()

async function expectSameImage(before: Buffer, after: Buffer) {
  const [a, b] = await Promise.all([sharp(before).metadata(), sharp(after).metadata()])
  expect([b.format, b.compression, b.width, b.height, b.channels, b.hasAlpha, b.pages]).toEqual([
    a.format,
    a.compression,
    a.width,
    a.height,
    a.channels,
    a.hasAlpha,
    a.pages,
  ])
  expect((await pixels(after)).equals(await pixels(before))).toBe(true)
}

const xmpOf = async (image: Buffer) => (await sharp(image).metadata()).xmp?.toString('utf8') ?? ''

afterAll(() => endProvenanceTools())

describe('the XMP packet', () => {
  it('is well-formed, escapes every value and leaves out what XML cannot hold', async () => {
    const png = await noise(16, 16).png().toBuffer()
    const xmp = await xmpOf(await imageWithProvenance(png, { ...provenance, creator: 'Studio\u0007 Ørsted\u0000' }))
    expect(xmp).not.toContain('"Sky"')
    expect(xmp).not.toContain('<at dawn>')
    expectProvenance(xmp)
    // Text that looks like an entity is kept as written.
    const entities = { ...provenance, title: 'Fish &amp; Chips &#39;', creator: 'A, B & C' }
    expectProvenance(await xmpOf(await imageWithProvenance(png, entities)), entities)
  })

  it('refuses missing facts and URLs that are not absolute http(s)', async () => {
    const png = await noise(16, 16).png().toBuffer()
    await expect(imageWithProvenance(png, { ...provenance, title: '  \u0001 ' })).rejects.toThrow(/needs a title/)
    await expect(imageWithProvenance(png, { ...provenance, creator: '' })).rejects.toThrow(ProvenanceError)
    await expect(imageWithProvenance(png, { ...provenance, licenseUrl: '/license' })).rejects.toThrow(
      /licenseUrl as an absolute/,
    )
    await expect(imageWithProvenance(png, { ...provenance, assetUrl: 'javascript:alert(1)' })).rejects.toThrow(
      ProvenanceError,
    )
  })
})

describe('imageWithProvenance', () => {
  const originals: [string, () => Promise<Buffer>][] = [
    ['PNG', () => noise(97, 61).png().toBuffer()],
    ['PNG with alpha', () => noise(64, 64, 4).png().toBuffer()],
    ['16-bit PNG', () => noise(40, 30).toColourspace('rgb16').png().toBuffer()],
    ['palette PNG', () => noise(40, 30).png({ palette: true, colours: 16 }).toBuffer()],
    ['JPEG', () => noise(97, 61).jpeg({ quality: 70 }).toBuffer()],
    [
      'progressive JPEG with Exif and ICC',
      () =>
        noise(80, 60)
          .withExif({ IFD0: { Artist: 'x' } })
          .withIccProfile('p3')
          .jpeg({ progressive: true })
          .toBuffer(),
    ],
    ['lossy WebP', () => noise(97, 61).webp({ quality: 60 }).toBuffer()],
    ['lossless WebP with alpha', () => noise(50, 40, 4).webp({ lossless: true }).toBuffer()],
    ['lossy WebP with alpha', () => noise(50, 40, 4).webp({ quality: 70 }).toBuffer()],
    [
      'WebP with Exif',
      () =>
        noise(50, 40)
          .withExif({ IFD0: { Artist: 'x' } })
          .webp()
          .toBuffer(),
    ],
    [
      'animated WebP',
      async () =>
        sharp(await frames(3), { join: { animated: true } })
          .webp()
          .toBuffer(),
    ],
    ['AVIF', () => noise(97, 61).avif({ quality: 50, effort: 0 }).toBuffer()],
    ['AVIF with alpha', () => noise(64, 48, 4).avif({ quality: 50, effort: 0 }).toBuffer()],
  ]

  it.each(originals)('writes every fact into a %s, keeping its format and every pixel', async (_, make) => {
    const original = await make()
    const out = await imageWithProvenance(original, provenance)
    expectProvenance(await xmpOf(out))
    await expectSameImage(original, out)
  })

  it.each([
    ['PNG', (s: Sharp) => s.png()],
    ['JPEG', (s: Sharp) => s.jpeg()],
    ['WebP', (s: Sharp) => s.webp()],
    ['AVIF', (s: Sharp) => s.avif({ effort: 0 })],
  ])('replaces the XMP a %s already had, leaving one packet', async (name, encode) => {
    const old = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">An older title</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>Someone else</rdf:li></rdf:Seq></dc:creator>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`
    const original = await encode(noise(48, 32).withXmp(old)).toBuffer()
    expect(await xmpOf(original)).toContain('Someone else')
    const out = await imageWithProvenance(original, provenance)
    expectProvenance(await xmpOf(out))
    expect(out.toString('latin1')).not.toContain('Someone else')
    const packets = (image: Buffer) => image.toString('latin1').split('W5M0MpCehiHzreSzNTczkc9d').length - 1
    expect(packets(out)).toBe(1)
    await expectSameImage(original, out)
    // Written twice, it is still one packet (an AVIF keeps the first one's bytes, blanked).
    const twice = await imageWithProvenance(out, provenance)
    expect(packets(twice)).toBe(1)
    if (name === 'AVIF') await expectSameImage(original, twice)
    else expect(twice.equals(out)).toBe(true)
  })

  it('gives a variant made by sharp the same packet', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'avif'] as const) {
      const variant = await noise(64, 64).toFormat(format).toBuffer()
      expectProvenance(await xmpOf(await imageWithProvenance(variant, provenance)))
    }
  })

  it('refuses what is not an image it delivers, with a clear error', async () => {
    await expect(imageWithProvenance(Buffer.from('not an image at all'), provenance)).rejects.toThrow(
      /not an image we can read/,
    )
    const gif = await noise(8, 8).gif().toBuffer()
    await expect(imageWithProvenance(gif, provenance)).rejects.toThrow(ProvenanceError)
    const png = await noise(16, 16).png().toBuffer()
    await expect(imageWithProvenance(png, { ...provenance, assetUrl: 'nope' })).rejects.toThrow(/assetUrl/)
    const cut = (await noise(64, 64).jpeg().toBuffer()).subarray(0, 40)
    await expect(imageWithProvenance(cut, provenance)).rejects.toThrow(ProvenanceError)
  })
})

// --- audio ---

let work: string

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'provenance-test-'))
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

const CODECS = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'],
  wav: ['-c:a', 'pcm_s16le'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '3'],
  opus: ['-c:a', 'libopus', '-b:a', '64k'],
  flac: ['-c:a', 'flac'],
}

/** 1.5 s of a stereo tone, tagged by someone else (the tags that must be replaced). */
function clip(format: keyof typeof CODECS): Buffer {
  const file = path.join(work, `clip.${format === 'opus' ? 'ogg' : format}`)
  const run = spawnSync(ffmpeg, [
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=1.5:sample_rate=44100',
    '-ac',
    '2',
    ...CODECS[format],
    '-metadata',
    'artist=Someone else',
    '-metadata',
    'comment=An old comment',
    file,
  ])
  expect(run.status, run.stderr.toString()).toBe(0)
  return readFileSync(file)
}

/** One line per audio packet: its timing, size and checksum. Equal lists mean the stream was copied. */
function packets(bytes: Buffer, name: string): string[] {
  const file = path.join(work, name)
  writeFileSync(file, bytes)
  const run = spawnSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:a', '-c', 'copy', '-f', 'framemd5', '-'])
  expect(run.status, run.stderr.toString()).toBe(0)
  return (
    run.stdout
      .toString()
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      // Side data (S=...) carries the codec's own header, comments included in Ogg.
      .map((line) => line.replace(/, S=.*$/, ''))
  )
}

function nativeTags(tags: Awaited<ReturnType<typeof parseBuffer>>, type: string): Record<string, string[]> {
  const found: Record<string, string[]> = {}
  for (const tag of tags.native[type] ?? []) found[tag.id] = [...(found[tag.id] ?? []), JSON.stringify(tag.value)]
  return found
}

describe('audioWithProvenance', () => {
  it.each(Object.keys(CODECS) as (keyof typeof CODECS)[])(
    'tags a %s with every fact and copies its audio untouched',
    async (format) => {
      const original = clip(format)
      const out = await audioWithProvenance(original, provenance, format)
      const tags = await parseBuffer(out)
      const before = await parseBuffer(original)
      // RIFF INFO is read as Latin-1 and written as UTF-8: a WAV's text is made ASCII.
      const wav = {
        title: 'Fjord & "Sky" <at dawn> ? unicode ?',
        creator: 'Studio ?rsted',
        rights: '(c) 2025 Stock Example. Licensed under the site licence.',
      }
      const expected = format === 'wav' ? wav : provenance
      expect(tags.common.title).toBe(expected.title)
      expect(tags.common.artist).toBe(expected.creator)
      if (format !== 'wav') {
        // A WAV's copyright is read below from its INFO list (ICOP), which the reader does not map;
        // RIFF INFO has no field for the licence page: the comment gives it in words.
        expect(tags.common.copyright).toBe(provenance.rights)
        expect(tags.common.license).toBe(provenance.licenseUrl)
      }
      const comments = (tags.common.comment ?? []).map((c) => c.text)
      expect(comments).toEqual([
        `AI-generated (IPTC digital source type: ${PROVENANCE_SOURCE_TYPE}). Licence: ${provenance.licenseUrl} Asset page: ${provenance.assetUrl}`,
      ])
      const source = JSON.stringify(PROVENANCE_SOURCE_TYPE)
      const page = JSON.stringify(provenance.assetUrl)
      if (format === 'mp3') {
        const id3 = nativeTags(tags, 'ID3v2.3')
        expect(id3.WOAF).toEqual([page])
        // ID3v2.3 (what node-id3 writes) separates values with '/': the reader splits the URL there.
        expect(id3['TXXX:DIGITAL_SOURCE_TYPE'].map((part) => JSON.parse(part)).join('/')).toBe(PROVENANCE_SOURCE_TYPE)
        expect(
          Object.keys(id3)
            .filter((id) => id.startsWith('T'))
            .sort(),
        ).toEqual(['TCOP', 'TIT2', 'TPE1', 'TXXX:DIGITAL_SOURCE_TYPE'])
      } else if (format !== 'wav') {
        const vorbis = nativeTags(tags, 'vorbis')
        expect(vorbis.CONTACT).toEqual([page])
        expect(vorbis.DIGITAL_SOURCE_TYPE).toEqual([source])
        expect(vorbis.ARTIST).toEqual([JSON.stringify(provenance.creator)])
      }
      if (format === 'wav') {
        const info = nativeTags(tags, 'exif')
        expect(info.INAM).toEqual([JSON.stringify(wav.title)])
        expect(info.ICOP).toEqual([JSON.stringify(wav.rights)])
        expect(info.IART).toEqual([JSON.stringify(wav.creator)])
        expect(Object.keys(info).sort()).toEqual(['IART', 'ICMT', 'ICOP', 'INAM'])
      }
      expect(JSON.stringify(tags.native)).not.toContain('Someone else')
      expect(JSON.stringify(tags.native)).not.toContain('An old comment')
      expect(tags.format.container).toBe(before.format.container)
      expect(tags.format.codec).toBe(before.format.codec)
      expect(tags.format.duration).toBe(before.format.duration)
      expect(tags.format.numberOfSamples).toBe(before.format.numberOfSamples)
      expect(packets(out, `out-${format}`)).toEqual(packets(original, `in-${format}`))
    },
  )

  it('leaves the frames of an MP3 and the samples of a WAV byte for byte as they were', async () => {
    const mp3 = clip('mp3')
    const frames = mp3.subarray(10 + mp3.subarray(6, 10).reduce((n, b) => n * 128 + b, 0))
    const tagged = await audioWithProvenance(mp3, provenance)
    expect(tagged.subarray(tagged.length - frames.length).equals(frames)).toBe(true)
    const wav = clip('wav')
    const samples = (bytes: Buffer) => {
      const at = bytes.indexOf('data')
      return bytes.subarray(at + 8, at + 8 + bytes.readUInt32LE(at + 4))
    }
    expect(samples(await audioWithProvenance(wav, provenance)).equals(samples(wav))).toBe(true)
  })

  it('refuses bytes that are not the format said, or not audio, and leaves no temporary files', async () => {
    // A folder of this test's own as the tmpdir: other test files convert audio at the same time.
    const shared = process.env.TMPDIR
    const own = mkdtempSync(path.join(tmpdir(), 'provenance-tmp-'))
    process.env.TMPDIR = own
    onTestFinished(() => {
      if (shared === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = shared
      rmSync(own, { recursive: true, force: true })
    })
    const ours = () => readdirSync(own)
    expect(tmpdir()).toBe(own)
    await expect(audioWithProvenance(clip('wav'), provenance, 'mp3')).rejects.toThrow(/WAV, not MP3/)
    await expect(audioWithProvenance(Buffer.from('hello, not audio'), provenance)).rejects.toThrow(ProvenanceError)
    const broken = (magic: string) => Buffer.concat([Buffer.from(magic), Buffer.alloc(2000, 7)])
    await expect(audioWithProvenance(broken('ID3'), provenance, 'mp3')).rejects.toThrow(/Could not write provenance/)
    await expect(audioWithProvenance(broken('fLaC'), provenance, 'flac')).rejects.toThrow(/Could not write provenance/)
    await expect(audioWithProvenance(broken('OggS'), provenance)).rejects.toThrow(/into the OGG/)
    await expect(audioWithProvenance(clip('flac'), { ...provenance, rights: '' })).rejects.toThrow(/needs a rights/)
    expect(ours()).toEqual([])
  })
})
