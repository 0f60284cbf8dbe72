import { describe, expect, it } from 'vitest'
import { parseDownloadOptions, sizeLabel, sizesFor, sizesOffered } from '~/lib/download-options'

describe('download sizes an original can give', () => {
  it('offers no size larger than the original, and says the original size', () => {
    const original = { width: 1024, height: 768 }
    expect(sizesFor(original)).toEqual(['original', '1024', '512'])
    expect(sizesFor({ width: 512, height: 512 })).toEqual(['original', '512'])
    expect(sizesFor({ width: 300, height: 200 })).toEqual(['original'])
    expect(sizeLabel('original', original)).toBe('Original (1024 × 768)')
    expect(sizeLabel('512', original)).toBe('512 px')
    // An original of unknown size: every size offered, the refusal is then the encoder's not-upscaling.
    expect(sizesFor({ width: null, height: null })).toEqual(['original', '2048', '1024', '512'])
    expect(sizeLabel('original', { width: null, height: null })).toBe('Original')
  })

  it('offers no size twice: the one equal to the original is the original, though still accepted by name', () => {
    expect(sizesOffered({ width: 2048, height: 2048 })).toEqual(['original', '1024', '512'])
    expect(sizesOffered({ width: 1350, height: 2400 })).toEqual(['original', '2048', '1024', '512'])
    expect(sizesOffered({ width: 1024, height: 768 })).toEqual(['original', '512'])
    expect(sizesOffered({ width: null, height: null })).toEqual(['original', '2048', '1024', '512'])
    expect(parseDownloadOptions({ size: '2048' }, { asset_type: '3d', width: 2048, height: 2048 }).ok).toBe(true)
  })

  it('refuses a larger size with a message naming the original', () => {
    expect(parseDownloadOptions({ size: '2048' }, { asset_type: '3d', width: 512, height: 512 })).toEqual({
      ok: false,
      error: 'size 2048 is larger than the original (512 × 512)',
    })
    expect(parseDownloadOptions({ size: '512' }, { asset_type: '3d', width: 512, height: 512 }).ok).toBe(true)
  })
})
