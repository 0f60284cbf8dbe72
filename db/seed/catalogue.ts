/**
 * Deterministic demo catalogue for seeding the stock library.
 *
 * Everything is derived from a seeded PRNG (mulberry32), so every run of
 * `demoAssets(n)` returns exactly the same list for the same `n`.
 */

export type DemoShape = 'sphere' | 'cube' | 'torus' | 'cylinder' | 'cone' | 'capsule' | 'pyramid' | 'gem'

export interface DemoAsset {
  title: string
  description: string
  tags: string[]
  category: string
  assetType: '3d' | 'image' | 'audio'
  shape: DemoShape
  /** Main colour, '#rrggbb'. */
  colour: string
  /** Accent / rim-light colour, '#rrggbb'. */
  accent: string
}

export const DEMO_CATEGORIES: readonly string[] = [
  'Characters',
  'Robots',
  'Food',
  'Nature',
  'Technology',
  'Abstract',
  'Space',
  'Vehicles',
  'Furniture',
  'Icons',
  'Animals',
  'Music',
]

const SEED = 0x5eed_a55e

// ---------------------------------------------------------------------------
// PRNG helpers
// ---------------------------------------------------------------------------

type Rng = () => number

function mulberry32(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]
}

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1))
}

function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice()
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    const tmp = out[i]
    out[i] = out[j]
    out[j] = tmp
  }
  return out
}

// ---------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------

interface NamedColour {
  name: string
  hex: string
}

/** Spread around the hue wheel, plus a few neutrals. */
const COLOURS: readonly NamedColour[] = [
  { name: 'Crimson', hex: '#d7263d' },
  { name: 'Coral', hex: '#ff6f61' },
  { name: 'Tangerine', hex: '#ff8c2a' },
  { name: 'Amber', hex: '#ffb300' },
  { name: 'Lemon', hex: '#f5d90a' },
  { name: 'Lime', hex: '#9ccc2b' },
  { name: 'Mint', hex: '#3ddc97' },
  { name: 'Emerald', hex: '#10b981' },
  { name: 'Teal', hex: '#14b8a6' },
  { name: 'Aqua', hex: '#22d3ee' },
  { name: 'Sky', hex: '#38bdf8' },
  { name: 'Cobalt', hex: '#2563eb' },
  { name: 'Indigo', hex: '#4f46e5' },
  { name: 'Violet', hex: '#8b5cf6' },
  { name: 'Lavender', hex: '#b197fc' },
  { name: 'Magenta', hex: '#d946ef' },
  { name: 'Pink', hex: '#f472b6' },
  { name: 'Rose', hex: '#f43f5e' },
  { name: 'Peach', hex: '#ffab91' },
  { name: 'Sand', hex: '#d6b98c' },
  { name: 'Gold', hex: '#d4a017' },
  { name: 'Slate', hex: '#64748b' },
  { name: 'Charcoal', hex: '#3f4654' },
  { name: 'Pearl', hex: '#e9e4dc' },
]

const MATERIALS: readonly string[] = [
  'Glossy',
  'Matte',
  'Chrome',
  'Glass',
  'Clay',
  'Plastic',
  'Metallic',
  'Frosted',
  'Ceramic',
  'Rubber',
  'Holographic',
  'Pearlescent',
  'Velvet',
]

const STYLES: readonly string[] = [
  'Cute',
  'Minimal',
  'Low-Poly',
  'Isometric',
  'Pastel',
  'Neon',
  'Retro',
  'Cartoon',
  'Playful',
  'Futuristic',
  'Friendly',
  'Soft',
]

interface Subject {
  noun: string
  shape: DemoShape
  tags: readonly string[]
}

function s(noun: string, shape: DemoShape, ...tags: string[]): Subject {
  return { noun, shape, tags }
}

/** Visual (3d / image) subjects per category. */
const SUBJECTS: Record<string, readonly Subject[]> = {
  Characters: [
    s('Cartoon Avatar', 'sphere', 'avatar', 'character', 'face'),
    s('Chibi Hero', 'capsule', 'character', 'hero', 'chibi'),
    s('Ghost Buddy', 'capsule', 'ghost', 'character', 'halloween'),
    s('Snowman', 'sphere', 'snowman', 'winter', 'character'),
    s('Wizard Hat', 'cone', 'wizard', 'hat', 'fantasy'),
    s('Blocky Character', 'cube', 'character', 'blocky', 'game'),
    s('Jelly Bean Mascot', 'capsule', 'mascot', 'character', 'jelly'),
    s('Party Hat Kid', 'cone', 'character', 'party', 'kid'),
    s('Monster Head', 'sphere', 'monster', 'character', 'head'),
  ],
  Robots: [
    s('Robot Head', 'cube', 'robot', 'head', 'android'),
    s('Friendly Robot', 'capsule', 'robot', 'mascot', 'ai'),
    s('Robot Arm', 'cylinder', 'robot', 'arm', 'industrial'),
    s('Robot Dog', 'cube', 'robot', 'dog', 'pet'),
    s('Mini Robot', 'sphere', 'robot', 'toy', 'mini'),
    s('Robot Mascot', 'capsule', 'robot', 'mascot', 'character'),
    s('Robot Drone', 'sphere', 'robot', 'drone', 'flying'),
    s('Retro Robot Toy', 'cube', 'robot', 'toy', 'vintage'),
    s('Robot Assistant', 'cylinder', 'robot', 'assistant', 'ai'),
    s('Robot Chess Piece', 'cone', 'robot', 'chess', 'game'),
  ],
  Food: [
    s('Donut', 'torus', 'donut', 'dessert', 'sweet'),
    s('Ice Cream Cone', 'cone', 'ice cream', 'dessert', 'summer'),
    s('Macaron', 'cylinder', 'macaron', 'dessert', 'french'),
    s('Sushi Roll', 'cylinder', 'sushi', 'japanese', 'seafood'),
    s('Gumball', 'sphere', 'candy', 'gumball', 'sweet'),
    s('Sugar Cube', 'cube', 'sugar', 'sweet', 'coffee'),
    s('Candy Gem', 'gem', 'candy', 'sweet', 'jewel'),
    s('Bagel', 'torus', 'bagel', 'bakery', 'breakfast'),
    s('Cherry', 'sphere', 'cherry', 'fruit', 'summer'),
    s('Cheese Wedge', 'pyramid', 'cheese', 'dairy', 'snack'),
    s('Jelly Pudding', 'capsule', 'jelly', 'dessert', 'sweet'),
  ],
  Nature: [
    s('Pebble', 'sphere', 'pebble', 'stone', 'zen'),
    s('Pine Tree', 'cone', 'tree', 'forest', 'pine'),
    s('Crystal Cluster', 'gem', 'crystal', 'mineral', 'geology'),
    s('Mushroom', 'capsule', 'mushroom', 'forest', 'fungi'),
    s('Water Drop', 'sphere', 'water', 'drop', 'liquid'),
    s('Cactus', 'capsule', 'cactus', 'plant', 'desert'),
    s('Tree Stump', 'cylinder', 'tree', 'wood', 'forest'),
    s('Mountain Peak', 'pyramid', 'mountain', 'landscape', 'outdoor'),
    s('Rock Formation', 'gem', 'rock', 'stone', 'landscape'),
    s('Lily Pad', 'torus', 'plant', 'pond', 'water'),
  ],
  Technology: [
    s('Battery', 'cylinder', 'battery', 'energy', 'power'),
    s('Server Block', 'cube', 'server', 'data', 'cloud'),
    s('Microchip', 'cube', 'chip', 'cpu', 'hardware'),
    s('Smart Speaker', 'cylinder', 'speaker', 'smart home', 'device'),
    s('Lightbulb', 'sphere', 'lightbulb', 'idea', 'energy'),
    s('Data Crystal', 'gem', 'data', 'crypto', 'blockchain'),
    s('Network Node', 'sphere', 'network', 'connection', 'internet'),
    s('USB Drive', 'capsule', 'usb', 'storage', 'hardware'),
    s('VR Headset', 'capsule', 'vr', 'virtual reality', 'gadget'),
    s('Signal Tower', 'cone', 'antenna', 'signal', 'wireless'),
  ],
  Abstract: [
    s('Sphere', 'sphere', 'sphere', 'geometric', 'shape'),
    s('Torus Ring', 'torus', 'torus', 'ring', 'geometric'),
    s('Cube', 'cube', 'cube', 'geometric', 'shape'),
    s('Capsule', 'capsule', 'capsule', 'pill', 'shape'),
    s('Prism', 'pyramid', 'prism', 'geometric', 'shape'),
    s('Crystal', 'gem', 'crystal', 'faceted', 'geometric'),
    s('Pillar', 'cylinder', 'cylinder', 'pillar', 'geometric'),
    s('Cone', 'cone', 'cone', 'geometric', 'shape'),
    s('Orb', 'sphere', 'orb', 'bubble', 'shape'),
    s('Loop', 'torus', 'loop', 'ring', 'shape'),
  ],
  Space: [
    s('Planet', 'sphere', 'planet', 'space', 'cosmos'),
    s('Ringed Planet', 'torus', 'planet', 'saturn', 'space'),
    s('Rocket', 'cone', 'rocket', 'launch', 'startup'),
    s('Moon', 'sphere', 'moon', 'night', 'space'),
    s('Asteroid', 'gem', 'asteroid', 'rock', 'space'),
    s('Space Capsule', 'capsule', 'spacecraft', 'astronaut', 'space'),
    s('Satellite', 'cube', 'satellite', 'orbit', 'space'),
    s('Space Station Ring', 'torus', 'space station', 'orbit', 'sci-fi'),
    s('Star Crystal', 'gem', 'star', 'crystal', 'space'),
    s('Alien Pyramid', 'pyramid', 'alien', 'sci-fi', 'mystery'),
  ],
  Vehicles: [
    s('Toy Car', 'cube', 'car', 'toy', 'vehicle'),
    s('Hot Air Balloon', 'sphere', 'balloon', 'travel', 'flight'),
    s('Submarine', 'capsule', 'submarine', 'ocean', 'vehicle'),
    s('Traffic Cone', 'cone', 'traffic', 'road', 'construction'),
    s('Tire', 'torus', 'tire', 'wheel', 'car'),
    s('City Bus', 'cube', 'bus', 'transport', 'city'),
    s('Fuel Barrel', 'cylinder', 'fuel', 'barrel', 'industrial'),
    s('Airship', 'capsule', 'airship', 'blimp', 'flight'),
    s('Delivery Van', 'cube', 'van', 'delivery', 'logistics'),
  ],
  Furniture: [
    s('Pouf Ottoman', 'cylinder', 'pouf', 'seating', 'interior'),
    s('Side Table', 'cylinder', 'table', 'interior', 'home'),
    s('Cube Shelf', 'cube', 'shelf', 'storage', 'interior'),
    s('Floor Lamp', 'cone', 'lamp', 'lighting', 'interior'),
    s('Bean Bag', 'sphere', 'bean bag', 'seating', 'cozy'),
    s('Donut Cushion', 'torus', 'cushion', 'pillow', 'cozy'),
    s('Pendant Lamp', 'cone', 'lamp', 'lighting', 'ceiling'),
    s('Storage Box', 'cube', 'box', 'storage', 'home'),
    s('Flower Vase', 'cylinder', 'vase', 'decor', 'home'),
    s('Globe Lamp', 'sphere', 'lamp', 'lighting', 'decor'),
  ],
  Icons: [
    s('Cloud Icon', 'capsule', 'cloud', 'icon', 'weather'),
    s('Heart Icon', 'sphere', 'heart', 'icon', 'love'),
    s('Settings Gear Icon', 'torus', 'settings', 'gear', 'icon'),
    s('Star Badge', 'gem', 'star', 'badge', 'rating'),
    s('Lock Icon', 'cube', 'lock', 'security', 'icon'),
    s('Location Pin', 'cone', 'location', 'map', 'pin'),
    s('Chat Bubble', 'capsule', 'chat', 'message', 'icon'),
    s('Trophy Icon', 'cylinder', 'trophy', 'award', 'icon'),
    s('Folder Icon', 'cube', 'folder', 'files', 'icon'),
    s('Bell Icon', 'cone', 'notification', 'bell', 'icon'),
    s('Warning Sign', 'pyramid', 'warning', 'alert', 'icon'),
    s('Diamond Badge', 'gem', 'diamond', 'premium', 'badge'),
  ],
  Animals: [
    s('Bunny', 'capsule', 'bunny', 'rabbit', 'animal'),
    s('Cat Head', 'sphere', 'cat', 'pet', 'animal'),
    s('Penguin', 'capsule', 'penguin', 'bird', 'animal'),
    s('Rubber Duck', 'sphere', 'duck', 'bath', 'toy'),
    s('Snail Shell', 'torus', 'snail', 'shell', 'animal'),
    s('Piggy Bank', 'sphere', 'pig', 'savings', 'finance'),
    s('Owl', 'cone', 'owl', 'bird', 'animal'),
    s('Frog', 'sphere', 'frog', 'pond', 'animal'),
    s('Bear Cub', 'sphere', 'bear', 'teddy', 'animal'),
    s('Whale', 'capsule', 'whale', 'ocean', 'animal'),
  ],
  Music: [
    s('Speaker', 'cylinder', 'speaker', 'audio', 'music'),
    s('Drum', 'cylinder', 'drum', 'percussion', 'music'),
    s('Vinyl Record', 'torus', 'vinyl', 'record', 'music'),
    s('Headphones', 'torus', 'headphones', 'audio', 'music'),
    s('Microphone', 'capsule', 'microphone', 'podcast', 'music'),
    s('Music Note', 'sphere', 'note', 'melody', 'music'),
    s('Synth Key Block', 'cube', 'synth', 'keyboard', 'music'),
    s('Metronome', 'pyramid', 'metronome', 'tempo', 'music'),
  ],
}

interface AudioSubject {
  noun: string
  category: string
  tags: readonly string[]
}

function a(noun: string, category: string, ...tags: string[]): AudioSubject {
  return { noun, category, tags }
}

const AUDIO_SUBJECTS: readonly AudioSubject[] = [
  a('Synth Loop', 'Music', 'loop', 'synth', 'electronic'),
  a('Lo-fi Beat', 'Music', 'beat', 'lo-fi', 'hip hop'),
  a('Piano Melody', 'Music', 'piano', 'melody', 'calm'),
  a('Drum Groove', 'Music', 'drums', 'beat', 'loop'),
  a('Bass Line', 'Music', 'bass', 'loop', 'groove'),
  a('Guitar Riff', 'Music', 'guitar', 'riff', 'rock'),
  a('Chillhop Beat', 'Music', 'beat', 'chill', 'hip hop'),
  a('Ambient Pad', 'Music', 'ambient', 'pad', 'atmosphere'),
  a('Arpeggio Loop', 'Music', 'loop', 'arpeggio', 'synth'),
  a('Corporate Background Track', 'Music', 'background', 'corporate', 'upbeat'),
  a('Forest Ambience', 'Nature', 'ambient', 'forest', 'field recording'),
  a('Rain Soundscape', 'Nature', 'ambient', 'rain', 'relaxing'),
  a('Ocean Waves', 'Nature', 'ambient', 'ocean', 'waves'),
  a('Birdsong Loop', 'Nature', 'loop', 'birds', 'morning'),
  a('Space Drone', 'Space', 'ambient', 'drone', 'sci-fi'),
  a('Cosmic Ambience', 'Space', 'ambient', 'cosmic', 'atmosphere'),
  a('Robot Voice Effects', 'Robots', 'robot', 'sound effect', 'voice'),
  a('Robot Servo Sounds', 'Robots', 'robot', 'sound effect', 'mechanical'),
  a('Robot Beep Pack', 'Robots', 'robot', 'sound effect', 'beep'),
  a('UI Click Sounds', 'Technology', 'sound effect', 'ui', 'click'),
  a('Notification Chime', 'Technology', 'sound effect', 'notification', 'chime'),
  a('Glitch Transition', 'Technology', 'sound effect', 'glitch', 'transition'),
  a('Engine Rev', 'Vehicles', 'sound effect', 'engine', 'car'),
  a('Cartoon Boing Pack', 'Characters', 'sound effect', 'cartoon', 'funny'),
  a('Game Jump Sounds', 'Characters', 'sound effect', 'game', 'retro'),
  a('Cat Purr Loop', 'Animals', 'loop', 'cat', 'relaxing'),
  a('Kitchen Sizzle Ambience', 'Food', 'ambient', 'kitchen', 'cooking'),
]

const AUDIO_MOODS: readonly string[] = [
  'Neon',
  'Dreamy',
  'Upbeat',
  'Chill',
  'Retro',
  'Cinematic',
  'Warm',
  'Dark',
  'Funky',
  'Sunny',
  'Midnight',
  'Cozy',
  'Epic',
  'Gentle',
]

const AUDIO_MOOD_TAGS: Record<string, string> = {
  Neon: 'synthwave',
  Dreamy: 'dreamy',
  Upbeat: 'upbeat',
  Chill: 'chill',
  Retro: 'retro',
  Cinematic: 'cinematic',
  Warm: 'warm',
  Dark: 'dark',
  Funky: 'funky',
  Sunny: 'happy',
  Midnight: 'night',
  Cozy: 'cozy',
  Epic: 'epic',
  Gentle: 'calm',
}

const IMAGE_KINDS: readonly string[] = ['Illustration', 'Icon', 'Sticker', 'Wallpaper', 'Clipart', 'Poster']

const ALL_SHAPES: readonly DemoShape[] = ['sphere', 'cube', 'torus', 'cylinder', 'cone', 'capsule', 'pyramid', 'gem']

// ---------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------

function hexToHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  const r = ((n >> 16) & 255) / 255
  const g = ((n >> 8) & 255) / 255
  const b = (n & 255) / 255
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const sat = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  let h: number
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0)
  else if (max === g) h = (b - r) / d + 2
  else h = (r - g) / d + 4
  return [h * 60, sat, l]
}

function hslToHex(h: number, sat: number, l: number): string {
  const hue = ((h % 360) + 360) % 360
  const c = (1 - Math.abs(2 * l - 1)) * sat
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1))
  const m = l - c / 2
  let rgb: [number, number, number]
  if (hue < 60) rgb = [c, x, 0]
  else if (hue < 120) rgb = [x, c, 0]
  else if (hue < 180) rgb = [0, c, x]
  else if (hue < 240) rgb = [0, x, c]
  else if (hue < 300) rgb = [x, 0, c]
  else rgb = [c, 0, x]
  return (
    '#' +
    rgb
      .map((v) =>
        Math.round((v + m) * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  )
}

/** Small deterministic hue/lightness jitter so equal colour names are not pixel-identical. */
function jitter(rng: Rng, hex: string): string {
  const [h, sat, l] = hexToHsl(hex)
  const nl = Math.min(0.85, Math.max(0.2, l + (rng() - 0.5) * 0.08))
  return hslToHex(h + (rng() - 0.5) * 10, sat, nl)
}

/** Accent: a complementary / analogous / triadic partner, kept bright enough for rim light. */
function accentFor(rng: Rng, hex: string): string {
  const [h, sat, l] = hexToHsl(hex)
  const offset = pick(rng, [150, 180, 210, 40, -40, 120])
  const accentSat = Math.max(0.55, sat)
  const accentL = Math.min(0.75, Math.max(0.55, l + 0.1))
  return hslToHex(h + offset, accentSat, accentL)
}

// ---------------------------------------------------------------------------
// Descriptions
// ---------------------------------------------------------------------------

const USE_SENTENCES: readonly string[] = [
  'Perfect for landing pages, app onboarding and pitch decks.',
  'Exported on a transparent background, ready to drop into your designs.',
  'Great for hero sections, social posts and presentations.',
  'Works nicely as a focal point in web and mobile UI.',
  'Use it in marketing banners, blog headers or product mockups.',
  'Pairs well with clean typography and soft gradient backgrounds.',
]

const AUDIO_USE_SENTENCES: Record<'music' | 'ambient' | 'sfx', readonly string[]> = {
  music: [
    'Loops seamlessly for videos, games and podcasts.',
    'Royalty-free and mixed for YouTube intros, reels and ads.',
    'Ideal under voice-over, tutorials or product demos.',
    'Mastered at -14 LUFS and ready for streaming platforms.',
    'Includes a clean ending so it also works as a one-shot.',
  ],
  ambient: [
    'Loops seamlessly for videos, games and podcasts.',
    'Ideal under voice-over, meditation apps or study streams.',
    'Recorded in stereo and gently mastered for background use.',
  ],
  sfx: [
    'Great for apps, games and UI feedback.',
    'Each sound is trimmed, normalised and ready to drop into your timeline.',
    'Delivered as individual WAV files at 48 kHz.',
  ],
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a'
}

/** Prefix an indefinite article unless the phrase ends in a plural noun ("headphones"). */
function ind(phrase: string): string {
  return /[^s]s$/i.test(phrase) ? phrase : `${article(phrase)} ${phrase}`
}

/** Lower-case for running text, keeping acronyms such as VR / USB / UI. */
function lower(phrase: string): string {
  return phrase
    .split(' ')
    .map((w) => (/^[A-Z]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(' ')
}

function hasRepeatedWord(title: string): boolean {
  const words = title.toLowerCase().split(/\s+/)
  return new Set(words).size !== words.length
}

// ---------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------

function tagify(word: string): string {
  return word.trim().toLowerCase()
}

function buildTags(rng: Rng, required: readonly string[], optional: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  const add = (raw: string) => {
    const t = tagify(raw)
    if (t && !seen.has(t)) {
      seen.add(t)
      out.push(t)
    }
  }
  for (const t of required) add(t)
  const target = int(rng, 4, 8)
  for (const t of shuffle(rng, optional)) {
    if (out.length >= target) break
    add(t)
  }
  return out.slice(0, 8)
}

export function demoAssets(count = 160): DemoAsset[] {
  const rng = mulberry32(SEED)
  const n = Math.max(0, Math.floor(count))

  // Exact type spread (~65 / 20 / 15), shuffled deterministically.
  const n3d = Math.round(n * 0.65)
  const nImage = Math.round(n * 0.2)
  const nAudio = Math.max(0, n - n3d - nImage)
  const types = shuffle(rng, [
    ...Array<'3d'>(n3d).fill('3d'),
    ...Array<'image'>(nImage).fill('image'),
    ...Array<'audio'>(nAudio).fill('audio'),
  ])

  // About 1 in 12 assets gets an empty description.
  const emptyDescriptions = new Set(shuffle(rng, Array.from({ length: n }, (_, i) => i)).slice(0, Math.round(n / 12)))

  // Visual categories are dealt from a reshuffled deck so they stay balanced.
  let deck: string[] = []
  const nextCategory = (): string => {
    if (deck.length === 0) deck = shuffle(rng, DEMO_CATEGORIES)
    const c = deck.pop()
    return c ?? DEMO_CATEGORIES[0]
  }
  // Cycle subjects within a category before repeating any.
  const subjectDecks = new Map<string, Subject[]>()
  const nextSubject = (category: string): Subject => {
    let d = subjectDecks.get(category)
    if (!d || d.length === 0) {
      d = shuffle(rng, SUBJECTS[category] ?? SUBJECTS.Abstract)
      subjectDecks.set(category, d)
    }
    const subj = d.pop()
    return subj ?? SUBJECTS.Abstract[0]
  }
  let audioDeck: AudioSubject[] = []
  const nextAudio = (): AudioSubject => {
    if (audioDeck.length === 0) audioDeck = shuffle(rng, AUDIO_SUBJECTS)
    return audioDeck.pop() ?? AUDIO_SUBJECTS[0]
  }
  let colourDeck: NamedColour[] = []
  const nextColour = (): NamedColour => {
    if (colourDeck.length === 0) colourDeck = shuffle(rng, COLOURS)
    return colourDeck.pop() ?? COLOURS[0]
  }

  const usedTitles = new Set<string>()
  const unique = (candidates: readonly string[]): string => {
    for (const c of candidates) {
      if (!usedTitles.has(c.toLowerCase()) && !hasRepeatedWord(c)) {
        usedTitles.add(c.toLowerCase())
        return c
      }
    }
    // Extremely unlikely: fall back to the first candidate (allowed to repeat).
    const first = candidates[0]
    usedTitles.add(first.toLowerCase())
    return first
  }

  const assets: DemoAsset[] = []

  for (let i = 0; i < n; i++) {
    const assetType = types[i]
    const named = nextColour()
    const colour = jitter(rng, named.hex)
    const accent = accentFor(rng, colour)
    const colourWord = named.name
    const material = pick(rng, MATERIALS)
    const rolledStyle = pick(rng, STYLES)
    const emptyDescription = emptyDescriptions.has(i)

    if (assetType === 'audio') {
      const subj = nextAudio()
      const moods = shuffle(rng, AUDIO_MOODS)
      const mood = moods[0]
      const candidates: string[] = []
      for (const m of moods) candidates.push(`${m} ${subj.noun}`)
      for (const m of moods) candidates.push(`${m} ${colourWord} ${subj.noun}`)
      const title = unique(candidates)
      const usedMood = moods.find((m) => title.startsWith(`${m} `)) ?? mood
      const bpm = int(rng, 14, 32) * 5
      const seconds = int(rng, 8, 90)
      const isSfx = subj.tags.includes('sound effect')
      const isAmbient = subj.tags.includes('ambient')
      const moodLc = usedMood.toLowerCase()
      const nounLc = lower(subj.noun)
      let first: string
      if (isSfx) {
        const count = int(rng, 8, 40)
        first = `${article(moodLc)} ${moodLc} pack of ${count} ${nounLc.replace(/ (pack|sounds|effects)$/, '')} sound effects.`
      } else if (isAmbient) {
        first = `${article(moodLc)} ${moodLc} ${nounLc} recording, about ${int(rng, 2, 10)} minutes long.`
      } else if (subj.category !== 'Music') {
        first = `${article(moodLc)} ${moodLc} ${nounLc}, ${seconds} seconds long.`
      } else {
        first = `${article(moodLc)} ${moodLc} ${nounLc} at ${bpm} BPM, ${seconds} seconds long.`
      }
      first = first.charAt(0).toUpperCase() + first.slice(1)
      const useSentences = AUDIO_USE_SENTENCES[isSfx ? 'sfx' : isAmbient ? 'ambient' : 'music']
      const description = emptyDescription ? '' : rng() < 0.75 ? `${first} ${pick(rng, useSentences)}` : first
      const tags = buildTags(
        rng,
        ['audio', ...subj.tags.slice(0, 2)],
        [
          ...subj.tags,
          AUDIO_MOOD_TAGS[usedMood] ?? 'music',
          'royalty free',
          isSfx ? 'sfx' : isAmbient ? 'soundscape' : 'music',
          isSfx ? 'one-shot' : isAmbient ? 'background' : 'loop',
          'wav',
        ],
      )
      assets.push({
        title,
        description,
        tags,
        category: subj.category,
        assetType,
        shape: pick(rng, ALL_SHAPES),
        colour,
        accent,
      })
      continue
    }

    const category = nextCategory()
    const subj = nextSubject(category)
    const noun = subj.noun
    // Avoid "Retro Retro Robot Toy" / "a friendly friendly robot".
    const nounWords = noun.split(' ')
    const style = nounWords.includes(rolledStyle)
      ? pick(rng, STYLES.filter((st) => !nounWords.includes(st)))
      : rolledStyle
    const candidates: string[] = []
    let kindWord = ''
    if (assetType === '3d') {
      const patterns = shuffle(rng, [
        `${material} ${colourWord} ${noun}`,
        `${colourWord} ${noun}`,
        `${material} ${noun}`,
        `${style} ${noun}`,
        `${style} ${colourWord} ${noun}`,
      ])
      candidates.push(...patterns)
      for (const m of shuffle(rng, MATERIALS)) candidates.push(`${m} ${colourWord} ${noun}`)
      for (const st of shuffle(rng, STYLES)) candidates.push(`${st} ${material} ${noun}`)
    } else {
      const hasKind = /(Icon|Badge|Sign|Pin|Bubble)$/.test(noun)
      kindWord = hasKind ? '' : pick(rng, IMAGE_KINDS)
      const tail = kindWord ? `${noun} ${kindWord}` : noun
      const patterns = shuffle(rng, [`${style} ${tail}`, `${colourWord} ${tail}`, `${style} ${colourWord} ${tail}`])
      candidates.push(...patterns)
      for (const st of shuffle(rng, STYLES)) candidates.push(`${st} ${colourWord} ${tail}`)
      for (const k of IMAGE_KINDS) candidates.push(`${style} ${noun} ${k}`)
    }
    const title = unique(candidates)
    const titleWords = title.split(' ')
    const usedMaterial = MATERIALS.find((m) => titleWords.includes(m))
    const usedStyle = STYLES.find((st) => titleWords.includes(st))
    const usedColour = titleWords.includes(colourWord) ? colourWord : undefined

    let description = ''
    if (!emptyDescription) {
      const nounLc = lower(noun)
      const matLc = (usedMaterial ?? material).toLowerCase()
      const styleLc = (usedStyle ?? style).toLowerCase()
      const colourLc = colourWord.toLowerCase()
      let first: string
      if (assetType === '3d') {
        first = pick(rng, [
          `${ind(`${matLc} ${nounLc}`)} rendered in ${colourLc} with soft studio lighting.`,
          `${ind(`${styleLc} 3D ${nounLc}`)} with a ${matLc} finish and ${colourLc} tones.`,
          `High-resolution 3D render of ${ind(`${colourLc} ${nounLc}`)} in a ${matLc} material.`,
          `${ind(`${styleLc} ${nounLc}`)} modelled in 3D, with ${colourLc} ${matLc} shading and gentle shadows.`,
        ])
      } else {
        const kind = (kindWord || 'illustration').toLowerCase()
        first = pick(rng, [
          `${ind(`${styleLc} ${kind}`)} of ${ind(nounLc)} in ${colourLc} tones.`,
          `Flat-shaded ${nounLc} ${kind} with ${ind(colourLc)} palette and ${ind(styleLc)} feel.`,
          `${ind(`${colourLc} ${nounLc} ${kind}`)} drawn in ${ind(styleLc)} style.`,
        ])
      }
      first = first.charAt(0).toUpperCase() + first.slice(1)
      description = rng() < 0.7 ? `${first} ${pick(rng, USE_SENTENCES)}` : first
    }

    const required: string[] = [...subj.tags.slice(0, 2)]
    if (assetType === '3d') required.push('3d')
    else required.push(kindWord ? kindWord.toLowerCase() : 'illustration')
    if (usedMaterial) required.push(usedMaterial)
    if (usedStyle) required.push(usedStyle)
    if (usedColour) required.push(usedColour)
    const optional: string[] = [
      ...subj.tags,
      category,
      assetType === '3d' ? 'render' : 'vector',
      usedMaterial ? style : material,
      colourWord,
      assetType === '3d' ? 'transparent' : 'flat',
    ]
    const tags = buildTags(rng, required, optional)

    assets.push({
      title,
      description,
      tags,
      category,
      assetType,
      shape: subj.shape,
      colour,
      accent,
    })
  }

  return assets
}
