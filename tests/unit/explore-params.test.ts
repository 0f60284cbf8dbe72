import { describe, expect, it } from 'vitest'
import { clampZoom, exploreUrl, parseExploreParams } from '~/lib/explore-params'
import { searchWords, toTsQueryText } from '~/domain/catalogue/search.server'
import { safeRedirectPath } from '~/lib/redirects'
import { thumbnailOf, webpVariant } from '~/lib/asset-view'

describe('explore URL state', () => {
  it('reads every parameter and falls back on unknown values', () => {
    const p = parseExploreParams(
      new URLSearchParams(
        'q=robot&asset_type=audio&category=Robots&tags=Cute,%5B%22toy%22%5D&sort=downloads&page=3&view=list&assetId=12&bg=black&zoom=1.25',
      ),
    )
    expect(p).toMatchObject({
      q: 'robot',
      assetType: 'audio',
      category: 'Robots',
      tags: ['cute', 'toy'],
      sort: 'downloads',
      page: 3,
      view: 'list',
      assetId: 12,
      bg: 'black',
      zoom: 1.25,
    })
    const bad = parseExploreParams(
      new URLSearchParams('asset_type=video&sort=random&page=-2&view=table&assetId=abc&bg=pink&zoom=x'),
    )
    expect(bad).toMatchObject({
      assetType: undefined,
      sort: 'newest',
      page: 1,
      view: 'grid',
      assetId: undefined,
      bg: 'transparent',
      zoom: 1,
    })
  })

  it('tags match every one unless tag_match=any, written only where it changes the search (two tags or more)', () => {
    const read = (query: string) => parseExploreParams(new URLSearchParams(query))
    expect(read('tags=a,b').tagMatch).toBe('all')
    expect(read('tags=a,b&tag_match=any').tagMatch).toBe('any')
    expect(read('tags=a,b&tag_match=some').tagMatch).toBe('all')
    // Any of one tag (or none) is the same search as all of it: one spelling, one cache entry.
    expect(read('tags=a&tag_match=any').tagMatch).toBe('all')
    expect(read('tag_match=any').tagMatch).toBe('all')
    const any = read('category=Nature&tags=tree,oak&tag_match=any')
    expect(exploreUrl(any, {})).toBe('/explore?category=Nature&tags=tree%2Coak&tag_match=any')
    expect(exploreUrl(any, { tags: ['tree'] })).toBe('/explore?category=Nature&tags=tree')
    expect(exploreUrl(any, { tagMatch: 'all' })).toBe('/explore?category=Nature&tags=tree%2Coak')
  })

  it('defaults the sort to relevance when there is a query', () => {
    expect(parseExploreParams(new URLSearchParams('q=x')).sort).toBe('relevance')
  })

  it('builds short URLs and resets the page on change', () => {
    const p = parseExploreParams(new URLSearchParams('q=glass orb&page=4&view=list'))
    expect(exploreUrl(p, { assetType: '3d' })).toBe('/explore?q=glass+orb&asset_type=3d&view=list')
    expect(exploreUrl(p, { page: 5 })).toBe('/explore?q=glass+orb&page=5&view=list')
    expect(exploreUrl(parseExploreParams(new URLSearchParams()), {})).toBe('/explore')
  })

  it('clamps zoom to 50%-300% in 25% steps', () => {
    expect(clampZoom(0.1)).toBe(0.5)
    expect(clampZoom(10)).toBe(3)
    expect(clampZoom(1.3)).toBe(1.25)
    expect(clampZoom(Number.NaN)).toBe(1)
    expect(parseExploreParams(new URLSearchParams('zoom=9')).zoom).toBe(3)
  })
})

describe('search words', () => {
  it('keeps letters and digits only and prefixes the last word', () => {
    expect(searchWords("Robot's & (arm):*")).toEqual(['robot', 's', 'arm'])
    expect(toTsQueryText(['glass', 'rob'])).toBe('glass & rob:*')
    expect(searchWords('  ')).toEqual([])
  })
})

describe('image URLs', () => {
  it('prefers the webp variant of a png', () => {
    expect(webpVariant('/images/a/thumb.png')).toBe('/images/a/thumb.webp')
    expect(webpVariant('/x.jpg')).toBeNull()
  })
  it('reads the thumbnail from preview_urls as object or JSON string, else original_url, else placeholder', () => {
    expect(thumbnailOf({ preview_urls: { thumb: '/t.png' } })).toBe('/t.png')
    expect(thumbnailOf({ preview_urls: '{"thumb":"/j.png"}' })).toBe('/j.png')
    expect(thumbnailOf({ preview_urls: '{broken', original_url: '/o.png' })).toBe('/o.png')
    expect(thumbnailOf({})).toBe('/placeholder.svg')
  })
})

describe('safeRedirectPath', () => {
  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    'profile',
    '/\u0000x',
    ' //evil.example',
  ])('refuses %s', (target) => {
    expect(safeRedirectPath(target, '/dashboard')).toBe('/dashboard')
  })
  it('keeps a same-origin path with its query', () => {
    expect(safeRedirectPath('/explore?assetId=3', '/dashboard')).toBe('/explore?assetId=3')
    expect(safeRedirectPath(null, '/dashboard')).toBe('/dashboard')
  })
})
