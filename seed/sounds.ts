/**
 * The demo catalogue's audio: loops at a true tempo, ambiences and effects, synthesised
 * sample by sample (seeded noise, so every run makes the same files) and stored as WAV.
 */
import { seededRandom } from './random'

export const SAMPLE_RATE = 44_100

export interface DemoSoundSpec {
  title: string
  description: string
  tags: string[]
  category: 'Music Loops' | 'Ambience' | 'Sound Effects'
  subjects: string[]
  channels: 1 | 2
  seconds: number
  /** Adds the sound into `out` (mono, SAMPLE_RATE). */
  render: (out: Float32Array) => void
}

const rng = seededRandom

const TAU = Math.PI * 2
const midi = (n: number) => 440 * 2 ** ((n - 69) / 12)

/** Adds `fn(t)` for `dur` seconds from `start` seconds. */
function add(out: Float32Array, start: number, dur: number, fn: (t: number) => number) {
  const s0 = Math.round(start * SAMPLE_RATE)
  const n = Math.min(Math.round(dur * SAMPLE_RATE), out.length - s0)
  for (let i = 0; i < n; i++) out[s0 + i] += fn(i / SAMPLE_RATE)
}

const noiseSource = (seed: number) => {
  const r = rng(seed)
  return () => r() * 2 - 1
}

const kick = (out: Float32Array, at: number, gain = 0.9) =>
  add(out, at, 0.4, (t) => gain * Math.sin(TAU * (45 * t + (90 / 25) * (1 - Math.exp(-t * 25)))) * Math.exp(-t * 7))
function snare(out: Float32Array, at: number, seed: number, gain = 0.5) {
  const n = noiseSource(seed)
  add(out, at, 0.25, (t) => gain * (n() * Math.exp(-t * 18) + 0.5 * Math.sin(TAU * 185 * t) * Math.exp(-t * 25)))
}
function hat(out: Float32Array, at: number, seed: number, gain = 0.18) {
  const n = noiseSource(seed)
  let prev = 0
  add(out, at, 0.06, (t) => {
    const x = n()
    const hp = x - prev
    prev = x
    return gain * hp * Math.exp(-t * 70)
  })
}
type Wave = 'sine' | 'square' | 'saw' | 'triangle'
const osc = (wave: Wave, phase: number) => {
  const p = phase - Math.floor(phase)
  switch (wave) {
    case 'sine':
      return Math.sin(TAU * p)
    case 'square':
      return p < 0.5 ? 1 : -1
    case 'saw':
      return 2 * p - 1
    case 'triangle':
      return 1 - 4 * Math.abs(p - 0.5)
  }
}
const note = (
  out: Float32Array,
  at: number,
  dur: number,
  freq: number,
  wave: Wave,
  gain: number,
  attack = 0.005,
  release = 0.08,
) =>
  add(out, at, dur + release, (t) => {
    const env = Math.min(1, t / attack) * (t > dur ? Math.max(0, 1 - (t - dur) / release) : 1)
    return gain * env * osc(wave, freq * t)
  })
const pluck = (out: Float32Array, at: number, freq: number, gain: number, decay = 6) =>
  add(
    out,
    at,
    1.2,
    (t) =>
      gain *
      Math.exp(-t * decay) *
      (Math.sin(TAU * freq * t) + 0.3 * Math.sin(TAU * 2 * freq * t) + 0.1 * Math.sin(TAU * 3 * freq * t)),
  )

/** One-pole low-pass, in place. */
function lowpass(buf: Float32Array, cutoff: number) {
  const a = 1 - Math.exp((-TAU * cutoff) / SAMPLE_RATE)
  let y = 0
  for (let i = 0; i < buf.length; i++) {
    y += a * (buf[i] - y)
    buf[i] = y
  }
}

const fmt = (s: number) => `${Number.isInteger(s) ? s : s.toFixed(1)} seconds`

function loop(
  title: string,
  bpm: number,
  bars: number,
  what: string,
  tags: string[],
  subjects: string[],
  channels: 1 | 2,
  pattern: (out: Float32Array, beat: number) => void,
): DemoSoundSpec {
  const beat = 60 / bpm
  const seconds = bars * 4 * beat
  return {
    title,
    category: 'Music Loops',
    description: `${what} A seamless ${bars}-bar loop at ${bpm} BPM in 4/4, ${fmt(seconds)}, ${channels === 2 ? 'stereo' : 'mono'} WAV.`,
    tags: ['loop', `${bpm} bpm`, ...tags],
    subjects,
    channels,
    seconds,
    render: (out) => pattern(out, beat),
  }
}

function ambience(
  title: string,
  seconds: number,
  what: string,
  tags: string[],
  subjects: string[],
  render: (out: Float32Array) => void,
): DemoSoundSpec {
  return {
    title,
    category: 'Ambience',
    description: `${what} ${fmt(seconds)}, mono WAV, loops cleanly.`,
    tags: ['ambience', ...tags],
    subjects,
    channels: 1,
    seconds,
    render,
  }
}

function effect(
  title: string,
  seconds: number,
  what: string,
  tags: string[],
  subjects: string[],
  render: (out: Float32Array) => void,
): DemoSoundSpec {
  return {
    title,
    category: 'Sound Effects',
    description: `${what} ${fmt(seconds)}, mono WAV.`,
    tags: ['sound effect', ...tags],
    subjects,
    channels: 1,
    seconds,
    render,
  }
}

/** Shaped noise: low-passed, with a gain curve over time. */
function noiseBed(out: Float32Array, seed: number, cutoff: number, gain: (t: number) => number) {
  const n = noiseSource(seed)
  const buf = new Float32Array(out.length)
  for (let i = 0; i < buf.length; i++) buf[i] = n()
  lowpass(buf, cutoff)
  lowpass(buf, cutoff)
  for (let i = 0; i < buf.length; i++) out[i] += buf[i] * gain(i / SAMPLE_RATE)
}

const A_MINOR = [57, 60, 64, 69, 72, 76, 69, 64]

export const DEMO_SOUNDS: DemoSoundSpec[] = [
  loop(
    'Upbeat Drum Loop 120 BPM',
    120,
    4,
    'Punchy drums: a kick on every beat, a snare on two and four and closed hihat cymbals in eighth notes.',
    ['drums', 'beat', 'upbeat', 'percussion'],
    ['drums', 'drum', 'beat', 'percussion'],
    2,
    (out, b) => {
      for (let i = 0; i < 16; i++) {
        kick(out, i * b)
        if (i % 2) snare(out, i * b, i)
        hat(out, i * b, 100 + i)
        hat(out, i * b + b / 2, 200 + i)
      }
    },
  ),
  loop(
    'Lo-Fi Hip Hop Beat 85 BPM',
    85,
    2,
    'A relaxed lo-fi beat: soft kick and snare with warm electric piano chords.',
    ['lofi', 'hip hop', 'chill', 'beat', 'chords'],
    ['beat', 'chords'],
    2,
    (out, b) => {
      for (let i = 0; i < 8; i++) {
        kick(out, i * b, i % 2 ? 0.5 : 0.8)
        if (i % 2) snare(out, i * b + 0.02, i, 0.35)
        hat(out, i * b + b / 2, i, 0.1)
      }
      const chords = [
        [57, 60, 64, 67],
        [53, 57, 60, 64],
      ]
      for (const [c, ch] of chords.entries()) {
        for (const n of ch) note(out, c * 4 * b, 4 * b - 0.1, midi(n), 'triangle', 0.06, 0.02, 0.1)
      }
    },
  ),
  loop(
    'Synth Arpeggio Loop 128 BPM',
    128,
    4,
    'A bright sawtooth arpeggio in A minor, sixteenth notes over a steady kick.',
    ['synth', 'arpeggio', 'electronic', 'a minor'],
    ['synth', 'arpeggio'],
    2,
    (out, b) => {
      for (let i = 0; i < 64; i++) note(out, (i * b) / 4, b / 4 - 0.02, midi(A_MINOR[i % 8]), 'saw', 0.08, 0.003, 0.03)
      for (let i = 0; i < 16; i++) kick(out, i * b, 0.6)
    },
  ),
  loop(
    'Chill Piano Chords 90 BPM',
    90,
    4,
    'Gentle plucked piano-like chords, one per bar: C major, A minor, F major, G major.',
    ['piano', 'chords', 'chill', 'calm'],
    ['piano', 'chords'],
    2,
    (out, b) => {
      const chords = [
        [60, 64, 67],
        [57, 60, 64],
        [53, 57, 60],
        [55, 59, 62],
      ]
      for (const [i, ch] of chords.entries()) {
        for (const [j, n] of ch.entries()) {
          pluck(out, i * 4 * b + j * 0.03, midi(n), 0.14, 2.5)
          pluck(out, i * 4 * b + 2 * b, midi(n), 0.08, 3)
        }
      }
    },
  ),
  loop(
    'Funky Bass Groove 100 BPM',
    100,
    2,
    'A syncopated bass line in E with a tight kick and hihat.',
    ['bass', 'groove', 'funk'],
    ['bass', 'groove'],
    1,
    (out, b) => {
      const line = [
        [0, 40],
        [0.75, 40],
        [1.5, 43],
        [2, 45],
        [3, 47],
        [3.5, 45],
      ]
      for (let bar = 0; bar < 2; bar++) {
        for (const [at, n] of line) note(out, bar * 4 * b + at * b, b * 0.4, midi(n), 'square', 0.12, 0.004, 0.04)
        for (let i = 0; i < 4; i++) {
          kick(out, bar * 4 * b + i * b, 0.6)
          hat(out, bar * 4 * b + i * b + b / 2, bar * 10 + i)
        }
      }
    },
  ),
  loop(
    'Chiptune Melody Loop 140 BPM',
    140,
    4,
    'A playful square-wave melody in C major, eight-bit style, over a pulsing bass.',
    ['chiptune', '8-bit', 'retro', 'melody'],
    ['chiptune', 'melody'],
    1,
    (out, b) => {
      const mel = [72, 76, 79, 76, 74, 77, 81, 77, 72, 76, 79, 84, 83, 79, 74, 71]
      for (const [i, n] of mel.entries()) note(out, i * b, b * 0.8, midi(n), 'square', 0.07, 0.002, 0.02)
      for (let i = 0; i < 32; i++)
        note(out, (i * b) / 2, b * 0.3, midi(i < 16 ? 48 : 43), 'triangle', 0.12, 0.002, 0.02)
    },
  ),
  loop(
    'Marimba Pattern 110 BPM',
    110,
    2,
    'A bouncy marimba pattern in G major, eighth notes.',
    ['marimba', 'mallet', 'happy'],
    ['marimba'],
    2,
    (out, b) => {
      const mel = [67, 71, 74, 79, 74, 71, 67, 74, 69, 72, 76, 81, 76, 72, 69, 76]
      for (const [i, n] of mel.entries()) pluck(out, (i * b) / 2, midi(n), 0.2, 9)
    },
  ),
  loop(
    'Ambient Pad Drone 60 BPM',
    60,
    2,
    'Slow evolving synth pad on a D minor chord, soft attack, for calm scenes.',
    ['pad', 'drone', 'ambient', 'calm'],
    ['pad', 'drone'],
    2,
    (out, b) => {
      for (const n of [50, 57, 62, 65])
        add(
          out,
          0,
          8 * b,
          (t) =>
            0.06 *
            Math.min(1, t / 1.5) *
            Math.min(1, (8 * b - t) / 1.5) *
            (osc('saw', midi(n) * t) + osc('saw', midi(n) * 1.004 * t)),
        )
      lowpass(out, 1200)
    },
  ),

  ambience(
    'Rain Ambience',
    10,
    'Steady rain: a soft hiss of falling drops with occasional close patters.',
    ['rain', 'weather', 'calm'],
    ['rain'],
    (out) => {
      noiseBed(out, 1, 3000, () => 0.35)
      const r = rng(2)
      for (let i = 0; i < 400; i++) {
        const at = r() * 9.9
        const n = noiseSource(i)
        add(out, at, 0.02, (t) => 0.25 * n() * Math.exp(-t * 300))
      }
    },
  ),
  ambience(
    'Ocean Waves Ambience',
    12,
    'Waves rolling in and washing back every four seconds.',
    ['ocean', 'waves', 'sea', 'beach'],
    ['ocean', 'waves', 'sea', 'beach'],
    (out) => noiseBed(out, 3, 900, (t) => 0.15 + 0.6 * Math.sin((Math.PI * t) / 4) ** 4),
  ),
  ambience(
    'Wind Ambience',
    10,
    'Gusting wind that rises and falls, low and airy.',
    ['wind', 'weather', 'outdoor'],
    ['wind'],
    (out) => noiseBed(out, 5, 400, (t) => 0.5 + 0.4 * Math.sin(t * 0.9) * Math.sin(t * 0.37 + 1)),
  ),
  ambience(
    'Crackling Fire Ambience',
    10,
    'A small fire: low rumble with sharp crackles and pops.',
    ['fire', 'crackle', 'cosy'],
    ['fire'],
    (out) => {
      noiseBed(out, 7, 200, () => 0.4)
      const r = rng(8)
      for (let i = 0; i < 180; i++) {
        const at = r() * 9.9
        const g = 0.2 + r() * 0.5
        const n = noiseSource(100 + i)
        add(out, at, 0.015, (t) => g * n() * Math.exp(-t * 400))
      }
    },
  ),
  ambience(
    'Forest Birdsong Ambience',
    10,
    'Birds chirping and trilling over a quiet breeze.',
    ['birds', 'birdsong', 'nature', 'morning'],
    ['birds', 'birdsong'],
    (out) => {
      noiseBed(out, 9, 300, () => 0.08)
      const r = rng(10)
      for (let i = 0; i < 40; i++) {
        const at = r() * 9.5
        const f0 = 2500 + r() * 2500
        const len = 0.08 + r() * 0.12
        add(
          out,
          at,
          len,
          (t) =>
            0.18 *
            Math.sin(TAU * (f0 * t + (400 * Math.sin(TAU * 18 * t)) / (TAU * 18))) *
            Math.sin((Math.PI * t) / len),
        )
      }
    },
  ),
  ambience(
    'Night Crickets Ambience',
    10,
    'Crickets chirping in pulses on a still summer night.',
    ['crickets', 'night', 'summer', 'insects'],
    ['crickets'],
    (out) => {
      for (let k = 0; k < 3; k++) {
        const f = 4200 + k * 350
        add(
          out,
          0,
          10,
          (t) =>
            0.06 *
            Math.sin(TAU * f * t) *
            (Math.sin(TAU * (28 + k * 3) * t) > 0.3 ? 1 : 0) *
            (Math.sin(TAU * (0.8 + k * 0.2) * t) > 0 ? 1 : 0.1),
        )
      }
    },
  ),
  ambience(
    'Babbling Stream Ambience',
    10,
    'Shallow water running over stones, bright and bubbling.',
    ['stream', 'water', 'river', 'nature'],
    ['stream', 'water'],
    (out) => {
      noiseBed(out, 11, 1800, (t) => 0.3 + 0.08 * Math.sin(t * 3.1))
      const r = rng(12)
      for (let i = 0; i < 250; i++) {
        const at = r() * 9.9
        const f = 600 + r() * 1200
        add(out, at, 0.05, (t) => 0.05 * Math.sin(TAU * (f + 3000 * t) * t) * Math.exp(-t * 60))
      }
    },
  ),
  ambience(
    'Electric Room Hum',
    8,
    'A low 50 Hz mains hum with faint harmonics, like an empty machine room.',
    ['hum', 'room tone', 'drone', 'electric'],
    ['hum'],
    (out) =>
      add(
        out,
        0,
        8,
        (t) => 0.25 * Math.sin(TAU * 50 * t) + 0.08 * Math.sin(TAU * 100 * t) + 0.04 * Math.sin(TAU * 150 * t),
      ),
  ),

  effect(
    'Coin Pickup Sound',
    0.5,
    'A bright two-note coin pickup, B then E, square wave.',
    ['coin', 'pickup', 'retro', 'arcade'],
    ['coin'],
    (out) => {
      note(out, 0, 0.07, midi(83), 'square', 0.2, 0.002, 0.01)
      note(out, 0.07, 0.3, midi(88), 'square', 0.2, 0.002, 0.1)
    },
  ),
  effect(
    'Laser Zap Sound',
    0.4,
    'A sci-fi laser zap sweeping down in pitch.',
    ['laser', 'zap', 'sci-fi', 'blaster'],
    ['laser'],
    (out) => add(out, 0, 0.4, (t) => 0.3 * osc('saw', 1800 * t - 3000 * t * t) * Math.exp(-t * 8)),
  ),
  effect(
    'Swoosh Transition Sound',
    1,
    'An airy swoosh that rises and falls, for transitions.',
    ['swoosh', 'whoosh', 'transition'],
    ['swoosh', 'whoosh'],
    (out) => noiseBed(out, 13, 1500, (t) => 1.4 * Math.sin(Math.PI * Math.min(1, t)) ** 3),
  ),
  effect(
    'Bell Chime Sound',
    2.5,
    'A single clear bell strike with a long shimmering decay.',
    ['bell', 'chime', 'ding'],
    ['bell', 'chime'],
    (out) =>
      add(
        out,
        0,
        2.5,
        (t) =>
          0.3 *
          Math.exp(-t * 1.8) *
          (Math.sin(TAU * 880 * t) +
            0.5 * Math.sin(TAU * 2.76 * 880 * t) * Math.exp(-t * 3) +
            0.3 * Math.sin(TAU * 5.4 * 880 * t) * Math.exp(-t * 6)),
      ),
  ),
  effect(
    'Button Click Sound',
    0.15,
    'A short crisp interface click.',
    ['click', 'button', 'interface'],
    ['click'],
    (out) => {
      const n = noiseSource(14)
      add(out, 0, 0.15, (t) => 0.5 * (n() * Math.exp(-t * 400) + Math.sin(TAU * 2000 * t) * Math.exp(-t * 200)))
    },
  ),
  effect(
    'Notification Ding Sound',
    1,
    'A friendly two-tone notification: E then A, soft sine.',
    ['notification', 'ding', 'alert', 'interface'],
    ['notification'],
    (out) => {
      pluck(out, 0, midi(76), 0.25, 5)
      pluck(out, 0.12, midi(81), 0.25, 4)
    },
  ),
  effect(
    'Explosion Boom Sound',
    2,
    'A deep explosion: a sharp blast and a long low rumble.',
    ['explosion', 'boom', 'blast', 'impact'],
    ['explosion'],
    (out) => {
      noiseBed(out, 15, 250, (t) => 2.2 * Math.exp(-t * 2.2))
      add(out, 0, 1, (t) => 0.6 * Math.sin(TAU * (40 * t + 30 * (1 - Math.exp(-t * 10)))) * Math.exp(-t * 4))
    },
  ),
  effect(
    'Alarm Beep Sound',
    2,
    'An insistent alarm: four pairs of high beeps.',
    ['alarm', 'beep', 'warning'],
    ['alarm', 'beep'],
    (out) => {
      for (let i = 0; i < 4; i++) {
        note(out, i * 0.5, 0.08, 2000, 'square', 0.15, 0.002, 0.01)
        note(out, i * 0.5 + 0.14, 0.08, 2000, 'square', 0.15, 0.002, 0.01)
      }
    },
  ),
]

/** The clip as interleaved samples (stereo spreads the mono mix a little: a delayed copy). */
export function synthesise(spec: DemoSoundSpec): Float32Array {
  const n = Math.round(spec.seconds * SAMPLE_RATE)
  const mono = new Float32Array(n)
  spec.render(mono)
  // Normalise to -1 dBFS, so every clip plays at a similar level.
  let peak = 0
  for (const v of mono) peak = Math.max(peak, Math.abs(v))
  const g = peak > 0 ? 0.89 / peak : 1
  if (spec.channels === 1) return mono.map((v) => v * g)
  const out = new Float32Array(n * 2)
  const delay = Math.round(0.012 * SAMPLE_RATE)
  for (let i = 0; i < n; i++) {
    out[2 * i] = mono[i] * g
    out[2 * i + 1] = (0.7 * mono[i] + 0.3 * mono[(i - delay + n) % n]) * g
  }
  return out
}

/** 16-bit PCM WAV. */
export function encodeWav(samples: Float32Array, channels: number, sampleRate = SAMPLE_RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2)
  for (let i = 0; i < samples.length; i++)
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(channels, 22)
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * channels * 2, 28)
  header.writeUInt16LE(channels * 2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}
