import { describe, expect, it } from 'vitest'
import { bundleRefusalText, ZIP_FORMATS } from '~/lib/collection-limits'
import { zipQuotaShortfall } from '~/lib/zip-quota'
import { DOWNLOAD_FORMATS } from '~/lib/download-options'

describe("a refused ZIP's words", () => {
  it('the API says what the ZIP needs and what is left', () => {
    expect(zipQuotaShortfall(3, 1)).toBe('needs 3 of today’s downloads and 1 is left')
    expect(zipQuotaShortfall(6, 0)).toBe('needs 6 of today’s downloads and 0 are left')
  })

  it('the page says each reason in its own words, never text from the URL', () => {
    expect(bundleRefusalText('quota-exceeded')?.text).toMatch(/^Not enough downloads left today for this ZIP:/)
    expect(bundleRefusalText('bundle-empty')?.text).toBe('There is nothing to download here yet.')
    expect(bundleRefusalText('<b>hi</b>')?.text).toBe('The ZIP could not be made. Please try again.')
    expect(bundleRefusalText(null)).toBeNull()
  })

  it("a ZIP's formats are the original and the download formats, in their order", () => {
    expect(ZIP_FORMATS).toEqual(['original', ...DOWNLOAD_FORMATS])
  })
})
