import { describe, expect, it } from 'vitest'
import { AUDIO_UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import { oversizeMessage, uploadLimitBytes } from '~/lib/upload-limits'

describe('the upload size check', () => {
  it('audio has its own, larger limit', () => {
    expect(uploadLimitBytes(false)).toBe(UPLOAD_LIMIT_BYTES)
    expect(uploadLimitBytes(true)).toBe(AUDIO_UPLOAD_LIMIT_BYTES)
    expect(AUDIO_UPLOAD_LIMIT_BYTES).toBeGreaterThan(UPLOAD_LIMIT_BYTES)
  })

  it('takes a file up to its limit and names the one over it', () => {
    expect(oversizeMessage(UPLOAD_LIMIT_BYTES, false, 'a.png')).toBeNull()
    expect(oversizeMessage(UPLOAD_LIMIT_BYTES + 1, false, 'a.png')).toBe(
      'a.png is larger than 10MB: each file can be up to 10MB.',
    )
    expect(oversizeMessage(UPLOAD_LIMIT_BYTES + 1, true, 'a.wav')).toBeNull()
    expect(oversizeMessage(AUDIO_UPLOAD_LIMIT_BYTES + 1, true)).toBe(
      'The file is larger than 50MB: each file can be up to 50MB.',
    )
  })
})
