// A licence's public id and its page: tiny, so a page that links a licence loads nothing else.

/** A public licence id: 'LIC-' and 20 base32 characters. */
export const LICENCE_ID_PATTERN = /^LIC-[A-Z2-7]{20}$/

export function licencePath(licenceId: string): string {
  return `/licenses/${licenceId}`
}
