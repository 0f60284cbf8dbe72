import { describe, expect, it } from 'vitest'
import { normaliseTags } from '~/lib/tags'

describe('normaliseTags', () => {
  it('accepts an array', () => {
    expect(normaliseTags([' Robot ', 'Chrome', 'robot'])).toEqual(['robot', 'chrome'])
  })
  it('accepts a JSON string', () => {
    expect(normaliseTags('["Glass","Neon Sign"]')).toEqual(['glass', 'neon sign'])
  })
  it('accepts a comma string and strips brackets and quotes', () => {
    expect(normaliseTags(`[cute], "pastel" , 'clay',,`)).toEqual(['cute', 'pastel', 'clay'])
  })
  it('splits commas inside array items too', () => {
    expect(normaliseTags(['a, b', 'c'])).toEqual(['a', 'b', 'c'])
  })
  it('treats a broken JSON string as a comma string', () => {
    expect(normaliseTags('["a", "b"')).toEqual(['a', 'b'])
  })
  it('returns nothing for other shapes', () => {
    expect(normaliseTags(undefined)).toEqual([])
    expect(normaliseTags({ tag: 'x' })).toEqual([])
  })
})
