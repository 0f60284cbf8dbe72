import { describe, expect, it } from 'vitest'
import { ownFormat, parseDownloadOptions, sizeLabel, sizesFor, sizesOffered, variantName } from '~/lib/download-options'
import { variantsAhead } from '~/domain/downloads/prepare-downloads.server'

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

describe('the original’s own format', () => {
  it('is where the options start, and its own size in it is the original file', () => {
    // The options form is given the card's format ('JPG'), the server the stored name's extension.
    expect(ownFormat('image', 'JPG')).toBe('jpeg')
    expect(ownFormat('image', 'jpeg')).toBe('jpeg')
    expect(ownFormat('image', 'webp')).toBe('webp')
    // JPEG is not offered for 3D renders (no transparency); an unknown format starts on PNG.
    expect(ownFormat('3d', 'jpg')).toBe('png')
    expect(ownFormat('image', 'tiff')).toBe('png')
    expect(ownFormat('image', null)).toBe('png')
    const jpg = { asset_type: 'image' as const, width: 640, height: 400, original_key: 'originals/a.jpg' }
    expect(parseDownloadOptions({ size: 'original', format: 'jpeg' }, jpg)).toEqual({ ok: true, variant: null })
    expect(parseDownloadOptions({ size: 'original' }, jpg)).toEqual({ ok: true, variant: null })
    expect(parseDownloadOptions({ size: 'original', format: 'png' }, jpg)).toMatchObject({
      ok: true,
      variant: { size: 'original', format: 'png' },
    })
    const png = { ...jpg, original_key: 'originals/a.png' }
    expect(parseDownloadOptions({ size: 'original', format: 'png' }, png)).toEqual({ ok: true, variant: null })
    expect(parseDownloadOptions({ size: '512' }, png)).toMatchObject({ variant: { size: '512', format: 'png' } })
    expect(parseDownloadOptions({ size: '512' }, jpg)).toMatchObject({ variant: { size: '512', format: 'jpeg' } })
    // A 3D render uploaded as a JPG: offered no JPEG, its options start on PNG, and PNG asked for
    // is made, never the JPG under another name; with no format asked for, the original JPG.
    const render = { ...jpg, asset_type: '3d' as const }
    expect(ownFormat(render.asset_type, 'jpg')).toBe('png')
    expect(parseDownloadOptions({ size: 'original', format: 'png' }, render)).toMatchObject({
      ok: true,
      variant: { size: 'original', format: 'png' },
    })
    expect(parseDownloadOptions({}, render)).toEqual({ ok: true, variant: null })
    expect(parseDownloadOptions({ size: 'original' }, render)).toEqual({ ok: true, variant: null })
    expect(parseDownloadOptions({ size: '512' }, render)).toMatchObject({ variant: { size: '512', format: 'png' } })
  })
})

describe('the files made ahead of a download', () => {
  const names = (asset: Parameters<typeof variantsAhead>[0], popular: string[]) =>
    variantsAhead(asset, popular).map(variantName)
  const popular = ['original', '1024.png', '512.png', '1024-ffffff.png', '512.webp']

  it('are the popular ones the picture can give, PNG sizes in the original’s own format', () => {
    // A 3D render (PNG): as taken, backgrounds included, none larger than it.
    const render = { asset_type: '3d' as const, original_key: 'originals/r.png', width: 2048, height: 2048 }
    expect(names(render, popular)).toEqual(['1024.png', '512.png', '1024-ffffff.png', '512.webp'])
    // A JPG photograph: its options start on JPG, so that is what the first download will ask for;
    // no background for an image; no size larger than its 640 px.
    const photo = { asset_type: 'image' as const, original_key: 'originals/p.jpg', width: 640, height: 400 }
    expect(names(photo, popular)).toEqual(['512.jpg', '512.webp'])
  })
})
