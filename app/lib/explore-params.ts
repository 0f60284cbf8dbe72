import { ASSET_TYPES, defaultSort, SORTS, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type AssetType, type Sort } from './constants'
import { normaliseTags } from './tags'
import { parseId } from './ids'
import { ORIENTATIONS, parseColour, type Orientation } from './colour'

export const BACKGROUNDS = ['white', 'black', 'transparent', 'colorful'] as const
export type Background = (typeof BACKGROUNDS)[number]
export const BACKGROUND_LABELS: Record<Background, string> = {
  white: 'White',
  black: 'Black',
  transparent: 'Transparent',
  colorful: 'Colorful',
}

/** How the tags filter matches: an asset carries every tag (the default), or any one of them. */
export const TAG_MATCHES = ['all', 'any'] as const
export type TagMatch = (typeof TAG_MATCHES)[number]

/** The match asked for, as it is searched: 'any' of fewer than two tags is the same search as 'all'. */
export function tagMatchOf(asked: string | null | undefined, tagCount: number): TagMatch {
  return asked === 'any' && tagCount > 1 ? 'any' : 'all'
}

export interface ExploreParams {
  q: string
  /** Search the words exactly as typed, without typo correction. */
  exact: boolean
  assetType: AssetType | undefined
  category: string
  tags: string[]
  /** `tag_match=any`: assets with any of the tags rather than all of them. */
  tagMatch: TagMatch
  /** `color=`: a swatch name or 'rrggbb'/'#rrggbb', normalised ('' for none). */
  color: string
  orientation: Orientation | undefined
  /** `transparent=1`: transparent backgrounds only. */
  transparent: boolean
  sort: Sort
  page: number
  view: 'grid' | 'list'
  assetId: number | undefined
  bg: Background
  zoom: number
}

/** Zoom in 25% steps, clamped to 50%-300%. */
export function clampZoom(value: number): number {
  if (!Number.isFinite(value)) return 1
  const stepped = Math.round(value / ZOOM_STEP) * ZOOM_STEP
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stepped))
}

function tagsFrom(params: URLSearchParams): string[] {
  return normaliseTags(params.getAll('tags').join(','))
}

/** A colour as the URL keeps it: the swatch's name, or the hex without its '#'. */
function colourParam(value: string | null): string {
  const colour = parseColour(value)
  return colour ? (colour.name ?? colour.hex.slice(1)) : ''
}

/** The page's URL state, read leniently: an unknown value falls back to the default. */
export function parseExploreParams(params: URLSearchParams): ExploreParams {
  const q = (params.get('q') ?? params.get('search') ?? '').trim().slice(0, 200)
  const type = params.get('asset_type')
  const sort = params.get('sort')
  const bg = params.get('bg')
  const tags = tagsFrom(params)
  return {
    q,
    exact: Boolean(q) && params.get('exact') === '1',
    assetType: (ASSET_TYPES as readonly string[]).includes(type ?? '') ? (type as AssetType) : undefined,
    category: (params.get('category') ?? '').trim().slice(0, 100),
    tags,
    tagMatch: tagMatchOf(params.get('tag_match'), tags.length),
    color: colourParam(params.get('color')),
    orientation: (ORIENTATIONS as readonly string[]).includes(params.get('orientation') ?? '')
      ? (params.get('orientation') as Orientation)
      : undefined,
    transparent: params.get('transparent') === '1' || params.get('transparent') === 'true',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : defaultSort(Boolean(q)),
    page: parseId(params.get('page')) ?? 1,
    view: params.get('view') === 'list' ? 'list' : 'grid',
    assetId: parseId(params.get('assetId')),
    bg: (BACKGROUNDS as readonly string[]).includes(bg ?? '') ? (bg as Background) : 'transparent',
    zoom: clampZoom(Number(params.get('zoom') ?? 1)),
  }
}

/**
 * A URL of /explore with some state changed; defaults are left out so URLs stay short.
 * `page` resets to 1 unless it is given.
 */
export function exploreUrl(current: ExploreParams, change: Partial<ExploreParams>, path = '/explore'): string {
  const next = { ...current, page: 1, ...change }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.q && next.exact) params.set('exact', '1')
  if (next.assetType) params.set('asset_type', next.assetType)
  if (next.category) params.set('category', next.category)
  if (next.tags.length) params.set('tags', next.tags.join(','))
  if (next.tags.length > 1 && next.tagMatch === 'any') params.set('tag_match', 'any')
  if (next.color) params.set('color', next.color)
  if (next.orientation) params.set('orientation', next.orientation)
  if (next.transparent) params.set('transparent', '1')
  if (next.sort !== defaultSort(Boolean(next.q))) params.set('sort', next.sort)
  if (next.page > 1) params.set('page', String(next.page))
  if (next.view !== 'grid') params.set('view', next.view)
  if (next.assetId) {
    params.set('assetId', String(next.assetId))
    if (next.bg !== 'transparent') params.set('bg', next.bg)
    if (next.zoom !== 1) params.set('zoom', String(next.zoom))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}
