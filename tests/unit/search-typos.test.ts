import { describe, expect, it } from 'vitest'
import { isTypoOf } from '~/domain/catalogue/search.server'

describe('isTypoOf: which near term a search word is corrected to', () => {
  it('takes one slip in a short word: a letter wrong, missing, extra, or two swapped', () => {
    expect(['robto', 'robt', 'robbot', 'rabot'].map((w) => isTypoOf(w, 'robot'))).toEqual([true, true, true, true])
  })

  it('takes two slips in a word of six letters or more', () => {
    expect([isTypoOf('shpere', 'sphere'), isTypoOf('micrphne', 'microphone'), isTypoOf('mushrum', 'mushroom')]).toEqual(
      [true, true, true],
    )
  })

  it('refuses another word that merely shares letters', () => {
    expect([isTypoOf('dragon', 'hexagon'), isTypoOf('unicorn', 'acorn'), isTypoOf('robt', 'boat')]).toEqual([
      false,
      false,
      false,
    ])
    // Two slips are too many for five letters.
    expect(isTypoOf('rbtoo', 'robot')).toBe(false)
  })
})
