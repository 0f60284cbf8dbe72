import { describe, expect, it } from 'vitest'
import type { AssetView } from '~/lib/asset-view'
import { isoDuration, mediaObject } from '~/lib/structured-data'

const origin = 'https://stock.example'
const base: AssetView = {
  id: 8,
  title: 'Lo-Fi Hip Hop Beat 85 BPM',
  description: '',
  tags: ['loop', 'lofi'],
  category: 'Music',
  asset_type: 'audio',
  download_count: 0,
  is_active: true,
  created_at: '2026-11-01T00:00:00.000Z',
  image: '/images/8/preview.png',
  thumbnail: '/images/8/thumb.png',
  preview_urls: {
    thumb: '/images/8/thumb.png',
    thumb_webp: '/images/8/thumb.webp',
    preview: '/images/8/preview.png',
    preview_webp: '/images/8/preview.webp',
  },
  width: null,
  height: null,
  dominant_colour: null,
  palette: [],
  file_format: 'WAV',
  thumbnail_uploaded: false,
  audio: { duration_ms: 5_650, sample_rate: 44_100, channels: 2, waveform: [], preview_url: '/images/8/preview.mp3' },
}

describe("an asset page's structured data says what the asset is", () => {
  it('an audio clip is an AudioObject: its listening preview, its format and its length', () => {
    const data = mediaObject(origin, base, 'A beat.')
    expect(data['@type']).toBe('AudioObject')
    expect(data.contentUrl).toBe(`${origin}/images/8/preview.mp3`)
    expect(data.encodingFormat).toBe('audio/mpeg')
    expect(data).toMatchObject({ duration: 'PT5.65S', url: `${origin}/assets/8`, name: base.title })
    expect(data).not.toHaveProperty('width')
  })

  it('an audio clip whose listening preview is not made yet is still an AudioObject, naming no file', () => {
    const data = mediaObject(origin, { ...base, audio: null }, 'A beat.')
    expect(data['@type']).toBe('AudioObject')
    expect(data).not.toHaveProperty('contentUrl')
    expect(data).not.toHaveProperty('encodingFormat')
  })

  it('an image or a render is an ImageObject: its PNG preview and its size', () => {
    const render = { ...base, id: 2, asset_type: '3d' as const, audio: null, width: 2048, height: 1024 }
    const data = mediaObject(origin, render, 'A render.')
    expect(data).toMatchObject({
      '@type': 'ImageObject',
      contentUrl: `${origin}/images/8/preview.png`,
      encodingFormat: 'image/png',
      width: 2048,
      height: 1024,
    })
    expect(data).not.toHaveProperty('duration')
  })

  it('lengths are written as ISO 8601 durations', () => {
    expect(isoDuration(5_650)).toBe('PT5.65S')
    expect(isoDuration(90_000)).toBe('PT1M30S')
    expect(isoDuration(120_000)).toBe('PT2M')
    expect(isoDuration(0)).toBe('PT0S')
    expect(isoDuration(59_999)).toBe('PT59.999S')
    expect(isoDuration(59_999.6)).toBe('PT1M')
  })
})
