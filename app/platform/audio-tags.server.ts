/**
 * Tags written into MP3 and WAV files by hand, the audio frames copied byte for byte.
 * The bundled ffmpeg cannot do it well: it writes an MP3 comment as a TXXX frame rather than
 * COMM, no URL frames, and WAV's INFO list in UTF-8 where readers expect Latin-1.
 * So an MP3 gets an ID3v2.4 tag (UTF-8) in place of any it had; a WAV gets an INFO list
 * (Latin-1, what it cannot hold becomes '?') and the same ID3v2.4 tag in an 'id3 ' chunk.
 */

export interface AudioTags {
  title: string
  artist: string
  copyright: string
  /** Everything in words, for players that show only the comment. */
  comment: string
  /** ID3 WCOP: the page of the copyright and legal terms. */
  licenseUrl: string
  /** ID3 WOAF: the official web page of this audio file. */
  fileUrl: string
  /** Custom fields (ID3 TXXX), by name. */
  extra: Record<string, string>
}

function fail(format: string, why: string): never {
  throw new Error(`Cannot add tags to this ${format}: ${why}.`)
}

// --- ID3v2.4 ---

function syncsafe(value: number): Buffer {
  if (value >= 2 ** 28) fail('file', 'the tag is too large')
  return Buffer.from([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f])
}

function frame(id: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), syncsafe(data.length), Buffer.alloc(2), data])
}

const UTF8 = Buffer.from([3])
const text = (value: string) => Buffer.from(value, 'utf8')
const NUL = Buffer.alloc(1)

export function id3Tag(tags: AudioTags): Buffer {
  const frames = Buffer.concat([
    frame('TIT2', Buffer.concat([UTF8, text(tags.title)])),
    frame('TPE1', Buffer.concat([UTF8, text(tags.artist)])),
    frame('TCOP', Buffer.concat([UTF8, text(tags.copyright)])),
    frame('COMM', Buffer.concat([UTF8, Buffer.from('eng'), NUL, text(tags.comment)])),
    // URL frames hold Latin-1; a parsed URL's href is ASCII.
    frame('WCOP', Buffer.from(tags.licenseUrl, 'latin1')),
    frame('WOAF', Buffer.from(tags.fileUrl, 'latin1')),
    ...Object.entries(tags.extra).map(([name, value]) =>
      frame('TXXX', Buffer.concat([UTF8, text(name), NUL, text(value)])),
    ),
  ])
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0]), syncsafe(frames.length), frames])
}

/** The length of the ID3v2 tag at `offset`, or 0 when there is none. */
function id3Length(bytes: Buffer, offset: number): number {
  if (bytes.length < offset + 10 || bytes.toString('latin1', offset, offset + 3) !== 'ID3') return 0
  const size = bytes.subarray(offset + 6, offset + 10).reduce((sum, byte) => sum * 128 + (byte & 0x7f), 0)
  const footer = bytes[offset + 5] & 0x10 ? 10 : 0
  return 10 + size + footer
}

export function mp3WithTags(mp3: Buffer, tags: AudioTags): Buffer {
  let start = 0
  for (let length = id3Length(mp3, 0); length > 0; length = id3Length(mp3, start)) start += length
  let end = mp3.length
  if (end - start >= 128 && mp3.toString('latin1', end - 128, end - 125) === 'TAG') end -= 128 // ID3v1
  if (end - start >= 32 && mp3.toString('latin1', end - 32, end - 24) === 'APETAGEX') {
    // APEv2: the footer gives the size of items and footer, and says whether a header precedes them.
    end -= mp3.readUInt32LE(end - 20) + (mp3.readUInt32LE(end - 12) & 0x80000000 ? 32 : 0)
  }
  if (start >= end || mp3[start] !== 0xff || (mp3[start + 1] & 0xe0) !== 0xe0) fail('MP3', 'no audio after its tags')
  return Buffer.concat([id3Tag(tags), mp3.subarray(start, end)])
}

// --- WAV ---

/** A chunk as its parts (header, data, padding), so that the samples are copied only once. */
function riffChunk(id: string, data: Buffer): Buffer[] {
  const header = Buffer.alloc(8)
  header.write(id, 0, 'latin1')
  header.writeUInt32LE(data.length, 4)
  return [header, data, Buffer.alloc(data.length % 2)]
}

function latin1(value: string): Buffer {
  return Buffer.concat([Buffer.from(value.replace(/[^\u0000-\u00ff]/gu, '?'), 'latin1'), NUL])
}

export function wavWithTags(wav: Buffer, tags: AudioTags): Buffer {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE')
    fail('WAV', 'no RIFF WAVE header')
  const kept: Buffer[] = []
  let data = false
  for (let offset = 12; offset + 8 <= wav.length; ) {
    const id = wav.toString('latin1', offset, offset + 4)
    // A writer that streamed the file may have left the last chunk's size unknown (too large).
    const size = Math.min(wav.readUInt32LE(offset + 4), wav.length - offset - 8)
    const body = wav.subarray(offset + 8, offset + 8 + size)
    const isInfo = id === 'LIST' && body.toString('latin1', 0, 4) === 'INFO'
    if (!isInfo && id !== 'id3 ' && id !== 'ID3 ') kept.push(...riffChunk(id, body))
    if (id === 'data') data = true
    offset += 8 + size + (size % 2)
  }
  if (!data) fail('WAV', 'no data chunk')
  const info = Object.entries({ INAM: tags.title, IART: tags.artist, ICOP: tags.copyright, ICMT: tags.comment }).map(
    ([id, value]) => Buffer.concat(riffChunk(id, latin1(value))),
  )
  kept.push(...riffChunk('LIST', Buffer.concat([Buffer.from('INFO'), ...info])), ...riffChunk('id3 ', id3Tag(tags)))
  const header = Buffer.alloc(12)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(4 + kept.reduce((sum, part) => sum + part.length, 0), 4)
  header.write('WAVE', 8, 'latin1')
  return Buffer.concat([header, ...kept])
}
