import { describe, expect, it } from 'vitest'
import { bundleRefusalText } from '~/lib/collection-limits'

describe("a refused ZIP's message on the page", () => {
  const text = (query: string) => bundleRefusalText(new URLSearchParams(query))?.text

  it('says what the ZIP needs and what is left, as the API does', () => {
    expect(text('reason=quota-exceeded&needed=3&left=1')).toBe(
      'This ZIP needs 3 of today’s downloads and 1 is left: each asset you have not downloaded today takes one, and the ZIP is made whole or not at all.',
    )
    expect(text('reason=quota-exceeded&needed=6&left=0')).toMatch(
      /^This ZIP needs 6 of today’s downloads and 0 are left:/,
    )
  })

  it('takes only digits from the URL: anything else gives the message without counts', () => {
    for (const query of [
      'reason=quota-exceeded',
      'reason=quota-exceeded&needed=3&left=<b>',
      'reason=quota-exceeded&needed=1e3&left=1',
    ])
      expect(text(query)).toMatch(/^Not enough downloads left today for this ZIP:/)
    expect(text('')).toBeUndefined()
    expect(text('reason=bundle-empty')).toBe('There is nothing to download here yet.')
  })
})
