import { describe, expect, it } from 'vitest'
import { bundleRefusalText, ZIP_FORMATS, zipQuotaShortfall } from '~/lib/collection-limits'
import { DOWNLOAD_FORMATS } from '~/lib/download-options'

describe("a refused ZIP's words", () => {
  it('the API says what the ZIP needs and what is left', () => {
    expect(zipQuotaShortfall(3, 1)).toBe('needs 3 of today’s downloads and 1 is left')
    expect(zipQuotaShortfall(6, 0)).toBe('needs 6 of today’s downloads and 0 are left')
  })

  it('the page says each reason in its own words, never text from the URL', () => {
    expect(bundleRefusalText('quota-exceeded', '7', '3')?.text).toBe(
      'Not enough downloads left today: this ZIP needs 7 of today’s downloads and 3 are left. Each asset you have not downloaded today takes one, and the ZIP is made whole or not at all.',
    )
    // Counts that could not be a refusal are not said: a link cannot make the page say them.
    const generic =
      'Not enough downloads left today: each asset you have not downloaded today takes one, and the ZIP is made whole or not at all.'
    for (const [needed, left] of [
      [null, null],
      ['3', '3'],
      ['2', '5'],
      ['101', '0'],
      ['1.5', '0'],
      ['4', '-1'],
      ['4', 'x'],
      ['', ''],
    ])
      expect(bundleRefusalText('quota-exceeded', needed, left)?.text, `${needed}/${left}`).toBe(generic)
    expect(bundleRefusalText('bundle-empty')?.text).toBe('There is nothing to download here yet.')
    expect(bundleRefusalText('<b>hi</b>')?.text).toBe('The ZIP could not be made. Please try again.')
    expect(bundleRefusalText(null)).toBeNull()
  })

  it("a ZIP's formats are the original and the download formats, in their order", () => {
    expect(ZIP_FORMATS).toEqual(['original', ...DOWNLOAD_FORMATS])
  })
})
