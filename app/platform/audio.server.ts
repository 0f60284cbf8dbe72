/**
 * Audio uploads: the file is decoded by ffmpeg (shipped inside the @ffmpeg-installer npm
 * package) to decide what it is. Only WAV, MP3, Ogg (Opus or Vorbis) and FLAC are taken: the
 * container is recognised by its first bytes, ffmpeg is told to read only that container, and
 * the whole file must decode. The decode also gives the duration, the sample rate, the
 * channels and the waveform peaks; a second run encodes the listening preview (MP3, 96 kbit/s:
 * 720 kB a minute). A download's MP3 is encoded on first request (`encodeMp3`).
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

/** Bars in the stored waveform. */
export const WAVEFORM_BARS = 120
const PREVIEW_BITRATE = '96k'

export class NotAudioError extends Error {
  constructor(message = 'The file is not audio that can be decoded (WAV, MP3, OGG/Opus or FLAC).') {
    super(message)
    this.name = 'NotAudioError'
  }
}

export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'opus' | 'flac'

export const AUDIO_MIME: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
}

export interface AudioInfo {
  format: AudioFormat
  mimeType: string
  durationMs: number
  sampleRate: number
  channels: number
  /** WAVEFORM_BARS values 0..1: the loudest sample in each slice. */
  peaks: number[]
}

let ffmpegPath: string | null = null
function ffmpeg(): string {
  if (!ffmpegPath) {
    const require = createRequire(import.meta.url)
    ffmpegPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
  }
  return ffmpegPath
}

export type AudioContainer = 'wav' | 'mp3' | 'ogg' | 'flac'

/** The container by its magic bytes, or null. */
export function sniffAudioContainer(data: Buffer): AudioContainer | null {
  if (data.length < 12) return null
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE') return 'wav'
  if (data.toString('latin1', 0, 4) === 'fLaC') return 'flac'
  if (data.toString('latin1', 0, 4) === 'OggS') return 'ogg'
  if (data.toString('latin1', 0, 3) === 'ID3') return 'mp3'
  // An MPEG audio frame sync: 11 set bits, layer III.
  if (data[0] === 0xff && (data[1] & 0xe0) === 0xe0 && (data[1] & 0x06) === 0x02) return 'mp3'
  return null
}

/** Runs the bundled ffmpeg; stdout is collected up to maxOutput, stderr's first 64 kB. */
export function runFfmpeg(
  args: string[],
  maxOutput = 512 * 1024 * 1024,
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let size = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxOutput) child.kill('SIGKILL')
      else out.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString()
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr }))
  })
}

/** Runs `work` on the data written to a file in a new temporary folder, removed afterwards whatever happens. */
export async function withTempFile<T>(data: Buffer, work: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stock-audio-'))
  try {
    const file = path.join(dir, 'input')
    await writeFile(file, data)
    return await work(file)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const PEAK_RATE = 8000

/**
 * Decodes the whole file; throws NotAudioError for anything that is not one of the four
 * formats. `container`: what the caller already sniffed the bytes as.
 */
export async function inspectAudio(
  data: Buffer,
  container: AudioContainer | null = sniffAudioContainer(data),
): Promise<AudioInfo> {
  if (!container) throw new NotAudioError()
  return withTempFile(data, async (file) => {
    const { code, stdout, stderr } = await runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-protocol_whitelist',
      'file',
      '-xerror',
      '-f',
      container,
      '-i',
      file,
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(PEAK_RATE),
      '-f',
      'f32le',
      'pipe:1',
    ])
    const stream = /Stream #0:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Audio: (\w+)[^,]*, (\d+) Hz, ([^,]+)/.exec(stderr)
    if (code !== 0 || !stream || stdout.length < 4) throw new NotAudioError()
    const codec = stream[1]
    const sampleRate = Number(stream[2])
    const layout = stream[3].trim()
    const channels = layout === 'mono' ? 1 : layout === 'stereo' ? 2 : Number(/(\d+)/.exec(layout)?.[1] ?? 2)
    let format: AudioFormat
    if (container === 'ogg') {
      if (codec === 'opus') format = 'opus'
      else if (codec === 'vorbis') format = 'ogg'
      else throw new NotAudioError()
    } else format = container
    const samples = new Float32Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 4))
    return {
      format,
      mimeType: AUDIO_MIME[format],
      durationMs: Math.round((samples.length / PEAK_RATE) * 1000),
      sampleRate,
      channels,
      peaks: waveformPeaks(samples, WAVEFORM_BARS),
    }
  })
}

export function waveformPeaks(samples: Float32Array, bars: number): number[] {
  const peaks: number[] = []
  const per = Math.max(1, Math.floor(samples.length / bars))
  let max = 0
  for (let b = 0; b < bars; b++) {
    let peak = 0
    for (let i = b * per; i < Math.min(samples.length, (b + 1) * per); i++) peak = Math.max(peak, Math.abs(samples[i]))
    peaks.push(peak)
    max = Math.max(max, peak)
  }
  // Scaled to the loudest bar, rounded: small to store, and the picture fills its height.
  return peaks.map((p) => (max > 0 ? Math.round((p / max) * 100) / 100 : 0))
}

/**
 * ffmpeg's first arguments for one of our temporary files: errors only, no prompt, and only
 * that file read, as the container sniffed (never what ffmpeg would guess from the bytes).
 */
export function quietInput(container: string, file: string): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-protocol_whitelist', 'file', '-f', container, '-i', file]
}

/** The listening preview: MP3 at 96 kbit/s, at most stereo, 44.1 kHz. */
export async function makeAudioPreview(data: Buffer, format: AudioFormat): Promise<Buffer> {
  const container = format === 'opus' ? 'ogg' : format
  return withTempFile(data, async (file) => {
    const { code, stdout } = await runFfmpeg([
      ...quietInput(container, file),
      '-map',
      '0:a:0',
      '-ac',
      '2',
      '-ar',
      '44100',
      '-codec:a',
      'libmp3lame',
      '-b:a',
      PREVIEW_BITRATE,
      '-f',
      'mp3',
      'pipe:1',
    ])
    if (code !== 0 || stdout.length === 0) throw new NotAudioError()
    return stdout
  })
}

/**
 * The whole recording as an MP3 at a constant bitrate, for a download beside the original.
 * Bit-exact (no encoder version written) and without the original's tags, so the same original
 * always gives the same bytes; MP3 holds at most two channels and 48 kHz, so ffmpeg mixes and
 * resamples down when the original has more.
 */
export async function encodeMp3(data: Buffer, bitrateKbps: number): Promise<Buffer> {
  const container = sniffAudioContainer(data)
  if (!container) throw new NotAudioError()
  return withTempFile(data, async (file) => {
    const { code, stdout } = await runFfmpeg([
      ...quietInput(container, file),
      '-map',
      '0:a:0',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      '-codec:a',
      'libmp3lame',
      '-b:a',
      `${bitrateKbps}k`,
      '-f',
      'mp3',
      'pipe:1',
    ])
    if (code !== 0 || stdout.length === 0) throw new NotAudioError()
    return stdout
  })
}

/** A picture of the waveform, the asset's thumbnail: bars on a soft gradient, no transparency. */
export async function waveformImage(peaks: number[], size = 1024, hue = 230): Promise<Buffer> {
  const n = peaks.length
  const gap = size / n
  const bar = gap * 0.62
  const mid = size / 2
  const bars = peaks
    .map((p, i) => {
      const h = Math.max(size * 0.01, p * size * 0.62)
      return `<rect x="${(i * gap + (gap - bar) / 2).toFixed(2)}" y="${(mid - h / 2).toFixed(2)}" width="${bar.toFixed(2)}" height="${h.toFixed(2)}" rx="${(bar / 2).toFixed(2)}" fill="url(#w)"/>`
    })
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,22%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,14%)"/></linearGradient>
<linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${(hue + 160) % 360},90%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 200) % 360},85%,62%)"/></linearGradient></defs>
<rect width="${size}" height="${size}" fill="url(#bg)"/>${bars}</svg>`
  return sharp(Buffer.from(svg)).flatten().png().toBuffer()
}
