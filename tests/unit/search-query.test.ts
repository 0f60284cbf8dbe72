import { describe, expect, it } from 'vitest'
import { normaliseSearchQuery, parseSearchPeriod } from '~/lib/search-query'

describe("normaliseSearchQuery: one form of a search's words, wherever they are recorded", () => {
  it('trims, lowers the case and keeps one space between words', () => {
    expect(normaliseSearchQuery('  Red   DRAGON\t\nEgg ')).toBe('red dragon egg')
    expect(normaliseSearchQuery('Ｒｏｂｏｔ')).toBe('robot')
    expect(normaliseSearchQuery('')).toBe('')
    expect(normaliseSearchQuery(undefined)).toBe('')
    expect(normaliseSearchQuery(`${'a'.repeat(199)} b`)).toBe('a'.repeat(199))
  })

  it('a period of 7, 30 or 90 days; 30 otherwise', () => {
    expect([parseSearchPeriod('7'), parseSearchPeriod('90'), parseSearchPeriod('30')]).toEqual([7, 90, 30])
    expect([parseSearchPeriod('8'), parseSearchPeriod(null), parseSearchPeriod('abc')]).toEqual([30, 30, 30])
  })
})
