import { AUDIO_UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from './constants'

// The one check and wording of upload size limits, for every door and the enhanced upload
// page alike. Each kind of file has its own limit (images 10MB, audio larger).

/** '10MB': a byte limit as the messages write it. */
export function sizeLimitText(limitBytes: number): string {
  return `${Math.round(limitBytes / (1024 * 1024))}MB`
}

/** '{name} is larger than 10MB: each file can be up to 10MB.' */
export function fileTooLargeMessage(limitBytes: number, name?: string | null): string {
  const limit = sizeLimitText(limitBytes)
  return `${name || 'The file'} is larger than ${limit}: each file can be up to ${limit}.`
}

/** A file's limit: audio's for audio, an image's for anything else. */
export function uploadLimitBytes(isAudio: boolean): number {
  return isAudio ? AUDIO_UPLOAD_LIMIT_BYTES : UPLOAD_LIMIT_BYTES
}

/** Why a file of `bytes` is refused ('{name} is larger than 10MB: …'), or null when it is within its limit. */
export function oversizeMessage(bytes: number, isAudio: boolean, name?: string | null): string | null {
  const limit = uploadLimitBytes(isAudio)
  return bytes > limit ? fileTooLargeMessage(limit, name) : null
}
