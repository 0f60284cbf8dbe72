import { describe, expect, it } from 'vitest'
import { plural } from '~/lib/plural'

describe('a count with its noun', () => {
  it('is singular for one only', () => {
    expect(plural(1, 'download')).toBe('1 download')
    expect(plural(0, 'download')).toBe('0 downloads')
    expect(plural(1204, 'download')).toBe('1,204 downloads')
    expect(plural(1, 'category', 'categories')).toBe('1 category')
    expect(plural(3, 'category', 'categories')).toBe('3 categories')
  })
})
