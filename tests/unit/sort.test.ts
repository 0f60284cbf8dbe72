import { describe, expect, it } from 'vitest'
import { defaultSort, sortToUse } from '~/lib/constants'
import { exploreUrl, parseExploreParams } from '~/lib/explore-params'

describe('the sort of a search', () => {
  it('is relevance with words, else the newest, unless one is asked for', () => {
    expect(defaultSort(true)).toBe('relevance')
    expect(defaultSort(false)).toBe('newest')
    expect(sortToUse(undefined, true)).toBe('relevance')
    expect(sortToUse(undefined, false)).toBe('newest')
    expect(sortToUse('downloads', true)).toBe('downloads')
    expect(sortToUse('alphabetical', false)).toBe('alphabetical')
  })

  it('relevance without words to rank by lists the newest', () => {
    expect(sortToUse('relevance', false)).toBe('newest')
    expect(sortToUse('relevance', true)).toBe('relevance')
  })

  it('the explore URL leaves the default out and keeps any other', () => {
    const withWords = parseExploreParams(new URLSearchParams('q=robot'))
    expect(withWords.sort).toBe('relevance')
    expect(exploreUrl(withWords, {})).toBe('/explore?q=robot')
    expect(exploreUrl(withWords, { sort: 'newest' })).toBe('/explore?q=robot&sort=newest')
    const without = parseExploreParams(new URLSearchParams(''))
    expect(without.sort).toBe('newest')
    expect(exploreUrl(without, { sort: 'relevance' })).toBe('/explore?sort=relevance')
  })
})
