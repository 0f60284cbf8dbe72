import type { AssetType } from './constants'

// Download options: the sizes, formats and backgrounds a 3D or image asset can be
// taken in, and MP3 beside an audio original. Shared by the form (labels) and the server
// (validation), so it stays free of zod.

export const DOWNLOAD_SIZES = ['original', '2048', '1024', '512'] as const
export type DownloadSize = (typeof DOWNLOAD_SIZES)[number]
export const DOWNLOAD_FORMATS = ['png', 'webp', 'avif', 'jpeg'] as const
/** A picture's formats, and MP3: what an audio original is also offered as. */
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number] | 'mp3'
// As the site names formats everywhere a person reads them: JPG, as its button and file say.
export const FORMAT_LABELS: Record<DownloadFormat, string> = {
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  jpeg: 'JPG',
  mp3: 'MP3',
}
export const FORMAT_EXTENSIONS: Record<DownloadFormat, string> = {
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  jpeg: 'jpg',
  mp3: 'mp3',
}
export const FORMAT_TYPES: Record<DownloadFormat, string> = {
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  mp3: 'audio/mpeg',
}
/** The MP3 made from an audio original: constant 320 kbit/s, the most MP3 holds. */
export const MP3_BITRATE_KBPS = 320
/** Padding is a percentage of the long side, on every side. */
export const MAX_PADDING = 25

/** Which asset types take the picture options (size, format, background, padding). */
export function takesOptions(assetType: AssetType): boolean {
  return assetType === '3d' || assetType === 'image'
}

/** The picture formats an asset type offers: JPEG has no transparency, so only image assets get it. */
export function formatsFor(assetType: AssetType): DownloadFormat[] {
  return assetType === 'image' ? [...DOWNLOAD_FORMATS] : DOWNLOAD_FORMATS.filter((f) => f !== 'jpeg')
}

/** The original's format, from its stored name: 'wav', 'mp3', 'png' ('jpeg' is 'jpg'). */
export const extensionOf = (originalKey: string | undefined) =>
  /\.([a-z0-9]+)$/i
    .exec(originalKey ?? '')?.[1]
    ?.toLowerCase()
    .replace(/^jpeg$/, 'jpg') ?? null

/** A format's name as the download options know it: 'jpg' and 'JPG' are 'jpeg'. */
const formatName = (format: string | null | undefined) => format?.toLowerCase().replace(/^jpg$/, 'jpeg') ?? null

/**
 * Where the options start, and what an omitted format is: the format the original itself is in,
 * when this type of asset is offered it; else PNG (a 3D render is offered no JPEG). With no
 * other option either, an omitted format is the original file itself, whatever its format.
 */
export function ownFormat(assetType: AssetType, originalFormat: string | null | undefined): DownloadFormat {
  const format = formatName(originalFormat)
  return format && (formatsFor(assetType) as string[]).includes(format) ? (format as DownloadFormat) : 'png'
}

/** Whether an audio asset is offered as MP3 beside its original: not when the original is one. */
export function offersMp3(assetType: AssetType, originalFormat: string | null | undefined): boolean {
  return assetType === 'audio' && originalFormat?.toLowerCase() !== 'mp3'
}

/** The one variant of an audio original: the whole recording as MP3. */
export const MP3_VARIANT: DownloadVariant = { size: 'original', format: 'mp3', background: 'transparent', padding: 0 }

/** Whether a variant is one this type of asset delivers (a signed link names it; this checks it still fits). */
export function variantFits(assetType: AssetType, variant: DownloadVariant): boolean {
  if (assetType === 'audio') return variantName(variant) === variantName(MP3_VARIANT)
  return takesOptions(assetType) && variant.format !== 'mp3'
}

/** Background and padding are for transparent 3D renders (images are full-bleed pictures). */
export function takesBackground(assetType: AssetType): boolean {
  return assetType === '3d'
}

/** A variant, normalised: background is 'transparent' or a lower-case '#rrggbb'. */
export interface DownloadVariant {
  size: DownloadSize
  format: DownloadFormat
  background: string
  padding: number
}

export const DEFAULT_VARIANT: DownloadVariant = {
  size: 'original',
  format: 'png',
  background: 'transparent',
  padding: 0,
}

/** The original's size, as the asset row knows it (null: not known, as for audio). */
export interface OriginalSize {
  width: number | null
  height: number | null
}

const longSide = (original: OriginalSize) =>
  original.width && original.height ? Math.max(original.width, original.height) : null

/** The sizes an original can give: a size larger than its long side would be an upscale. */
export function sizesFor(original: OriginalSize): DownloadSize[] {
  const long = longSide(original)
  return DOWNLOAD_SIZES.filter((s) => s === 'original' || long === null || Number(s) <= long)
}

/**
 * The sizes the options menu offers: sizesFor without the one equal to the original's long side,
 * which 'Original' already is (a 2048 px original would otherwise be listed twice). Still accepted
 * when asked for by name.
 */
export function sizesOffered(original: OriginalSize): DownloadSize[] {
  const long = longSide(original)
  return sizesFor(original).filter((s) => s === 'original' || Number(s) !== long)
}

/** 'Original (1024 × 1024)' or '512 px': a size as the options menu offers it. */
export function sizeLabel(size: DownloadSize, original: OriginalSize): string {
  if (size !== 'original') return `${size} px`
  return original.width && original.height ? `Original (${original.width} × ${original.height})` : 'Original'
}

/** The long side a variant delivers, in pixels: its size, or the original's own (null when unknown). */
export function deliveredLongSide(variant: DownloadVariant, original: OriginalSize): number | null {
  return variant.size === 'original' ? longSide(original) : Number(variant.size)
}

export interface RawDownloadOptions {
  size?: unknown
  format?: unknown
  background?: unknown
  padding?: unknown
}

/** The option fields of a form or JSON body, as given (the grant validates them). */
export function downloadOptionsOf(body: Record<string, unknown> | FormData): RawDownloadOptions {
  const get = (name: string) => (body instanceof FormData ? (body.get(name) ?? undefined) : body[name])
  // The form's background menu has 'Custom colour', whose value is the colour field beside it.
  const background = get('background') === 'custom' ? get('background_colour') : get('background')
  return { size: get('size'), format: get('format'), background, padding: get('padding') }
}

const HEX = /^#[0-9a-f]{6}$/

/** The background as '#rrggbb' or 'transparent'; null when it is neither a name nor a hex colour. */
export function normaliseBackground(value: string): string | null {
  const v = value.trim().toLowerCase()
  if (v === 'white') return '#ffffff'
  if (v === 'black') return '#000000'
  if (v === 'transparent') return 'transparent'
  return HEX.test(v) ? v : null
}

const given = (v: unknown) => v !== undefined && v !== null && v !== ''

/**
 * Reads the options of one download; every field is optional. An unknown value, an option the
 * asset type does not take, or a size larger than the original (an upscale) is refused with a message meant for the person or script.
 * `null` variant: the plain download of the original (no option changes anything).
 */
export function parseDownloadOptions(
  raw: RawDownloadOptions,
  asset: OriginalSize & { asset_type: AssetType; original_key?: string },
): { ok: true; variant: DownloadVariant | null } | { ok: false; error: string } {
  const assetType = asset.asset_type
  const any = given(raw.size) || given(raw.format) || given(raw.background) || given(raw.padding)
  if (!any) return { ok: true, variant: null }
  const text = (v: unknown) =>
    typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toLowerCase() : null
  if (assetType === 'audio') return parseAudioOptions(raw, extensionOf(asset.original_key), text)

  const size = given(raw.size) ? text(raw.size) : 'original'
  if (!size || !(DOWNLOAD_SIZES as readonly string[]).includes(size))
    return { ok: false, error: `size must be one of ${DOWNLOAD_SIZES.join(', ')}` }
  if (!(sizesFor(asset) as string[]).includes(size))
    return { ok: false, error: `size ${size} is larger than the original (${asset.width} × ${asset.height})` }
  const own = ownFormat(assetType, extensionOf(asset.original_key))
  const format = given(raw.format) ? text(raw.format) : own
  const formats = formatsFor(assetType)
  if (!format || !(formats as string[]).includes(format === 'jpg' ? 'jpeg' : format))
    return { ok: false, error: `format must be one of ${formats.join(', ')} for this asset` }
  const background = given(raw.background)
    ? typeof raw.background === 'string'
      ? normaliseBackground(raw.background)
      : null
    : 'transparent'
  if (!background) return { ok: false, error: 'background must be transparent, white, black or a colour as #rrggbb' }
  const paddingText = given(raw.padding) ? text(raw.padding) : '0'
  const padding = paddingText && /^\d{1,3}$/.test(paddingText) ? Number(paddingText) : NaN
  if (!(padding >= 0 && padding <= MAX_PADDING))
    return { ok: false, error: `padding must be a whole percentage from 0 to ${MAX_PADDING}` }
  if (!takesBackground(assetType) && (background !== 'transparent' || padding > 0)) {
    return { ok: false, error: 'background and padding apply to 3D renders only' }
  }
  const variant: DownloadVariant = {
    size: size as DownloadSize,
    format: (format === 'jpg' ? 'jpeg' : format) as DownloadFormat,
    background,
    padding,
  }
  // The original's own size in the format it really is in (or with no format asked for),
  // untouched: the original file itself, not a copy encoded again (an original of unknown format
  // is taken for a PNG).
  const isDefault =
    variant.size === 'original' &&
    (!given(raw.format) || variant.format === (formatName(extensionOf(asset.original_key)) ?? 'png')) &&
    variant.background === 'transparent' &&
    variant.padding === 0
  return { ok: true, variant: isDefault ? null : variant }
}

/**
 * Audio takes one option, the format: 'mp3', or 'original' (also the original's own format,
 * 'wav'). MP3 when the original is an MP3 already is that original, not a second encoding.
 */
function parseAudioOptions(
  raw: RawDownloadOptions,
  original: string | null,
  text: (v: unknown) => string | null,
): { ok: true; variant: DownloadVariant | null } | { ok: false; error: string } {
  if (given(raw.background) || given(raw.padding) || (given(raw.size) && text(raw.size) !== 'original'))
    return { ok: false, error: 'Audio downloads take a format only: mp3 or original; no size, background or padding.' }
  const format = given(raw.format) ? text(raw.format) : 'original'
  if (format === 'mp3') return { ok: true, variant: original === 'mp3' ? null : MP3_VARIANT }
  if (format === 'original' || (format && format === original)) return { ok: true, variant: null }
  return { ok: false, error: `format must be mp3 or original${original ? ` (${original})` : ''} for audio` }
}

/** A variant as a short, storage-safe name: '1024-ffffff-p10.webp'. */
export function variantName(v: DownloadVariant): string {
  const parts: string[] = [v.size]
  if (v.background !== 'transparent') parts.push(v.background.slice(1))
  if (v.padding) parts.push(`p${v.padding}`)
  return `${parts.join('-')}.${FORMAT_EXTENSIONS[v.format]}`
}

/** The variant a name stands for (the signed link carries the name); null when it is not one. */
export function variantFromName(name: string): DownloadVariant | null {
  const match = /^(original|2048|1024|512)(?:-([0-9a-f]{6}))?(?:-p(\d{1,2}))?\.(png|webp|avif|jpg|mp3)$/.exec(name)
  if (!match) return null
  const format = (Object.keys(FORMAT_EXTENSIONS) as DownloadFormat[]).find((f) => FORMAT_EXTENSIONS[f] === match[4])!
  const padding = match[3] ? Number(match[3]) : 0
  if (padding > MAX_PADDING) return null
  return { size: match[1] as DownloadSize, format, background: match[2] ? `#${match[2]}` : 'transparent', padding }
}
