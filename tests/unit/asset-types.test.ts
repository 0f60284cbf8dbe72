import { describe, expect, it } from 'vitest'
import { ASSET_TYPE_LABELS, ASSET_TYPES, IMAGE_ASSET_TYPES, imageTypeFrom } from '~/lib/constants'

describe('asset types', () => {
  it('are stored as 3d, image and audio; images are the first two', () => {
    expect(ASSET_TYPES).toEqual(['3d', 'image', 'audio'])
    expect(IMAGE_ASSET_TYPES).toEqual(['3d', 'image'])
  })

  it('are named from one table', () => {
    expect(ASSET_TYPES.map((type) => ASSET_TYPE_LABELS[type].tab)).toEqual(['3D', 'Images', 'Audio'])
    expect(IMAGE_ASSET_TYPES.map((type) => ASSET_TYPE_LABELS[type].one)).toEqual(['3D render', 'Image'])
    expect(ASSET_TYPES.map((type) => ASSET_TYPE_LABELS[type].collection)).toEqual(['3D Renders', 'Images', 'Audio'])
  })

  it("an upload form's image type is 'image' when it says so, else a 3D render", () => {
    expect(imageTypeFrom('image')).toBe('image')
    expect(imageTypeFrom('3d')).toBe('3d')
    expect(imageTypeFrom('audio')).toBe('3d')
    expect(imageTypeFrom(undefined)).toBe('3d')
  })
})
