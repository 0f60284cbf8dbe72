// The one wording of upload size limits, for every door and the enhanced upload page alike.
// A function of the limit, so each kind of file can have its own (images 10MB, audio larger).

/** '10MB': a byte limit as the messages write it. */
export function sizeLimitText(limitBytes: number): string {
  return `${Math.round(limitBytes / (1024 * 1024))}MB`
}

/** '{name} is larger than 10MB: each file can be up to 10MB.' */
export function fileTooLargeMessage(limitBytes: number, name?: string | null): string {
  const limit = sizeLimitText(limitBytes)
  return `${name || 'The file'} is larger than ${limit}: each file can be up to ${limit}.`
}
