import { describe, expect, it } from 'vitest'
import { exploreSearchUrl } from '~/components/SearchForm/SearchForm'

describe('exploreSearchUrl', () => {
  it('encodes the trimmed text into q', () => {
    expect(exploreSearchUrl('  glass robot & co ')).toBe('/explore?q=glass%20robot%20%26%20co')
  })
  it('does nothing for blank or whitespace-only text', () => {
    expect(exploreSearchUrl('')).toBeNull()
    expect(exploreSearchUrl('   \t ')).toBeNull()
  })
})
