import { describe, expect, it } from 'vitest'
import { fallbackDescription } from '~/lib/asset-view'

describe('the description of an asset that has none', () => {
  it('says what the asset is, by its type and real format', () => {
    expect(fallbackDescription({ asset_type: '3d', file_format: 'PNG' })).toBe(
      'A free, high-quality 3D PNG render, ready for personal and commercial use.',
    )
    expect(fallbackDescription({ asset_type: 'image', file_format: 'JPG' })).toBe(
      'A free, high-quality JPG image, ready for personal and commercial use.',
    )
    expect(fallbackDescription({ asset_type: 'audio', file_format: 'WAV' })).toBe(
      'A free, high-quality WAV audio clip, ready for personal and commercial use.',
    )
  })
})
