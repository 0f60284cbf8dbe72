// The domain says why it refused ({ ok: false, reason }); the web door says it in HTTP. One
// table, so a reason means the same status on every door.
export const REFUSAL_STATUS = {
  'asset-not-found': 404,
  // Collections: another person's private collection is as missing as one that never was.
  'collection-not-found': 404,
  'not-in-collection': 404,
  'too-many-collections': 409,
  'collection-full': 409,
  'licence-not-found': 404,
  'quota-exceeded': 403,
  'invalid-option': 400,
  // A ZIP of several assets: nothing in it is published any more, or more than a ZIP holds.
  'bundle-empty': 404,
  'bundle-too-large': 400,
  // oEmbed: nothing to embed at the address (the standard's 404), a format other than JSON.
  'not-embeddable': 404,
  'format-not-implemented': 501,
  'bad-credentials': 401,
  'not-admin': 401,
  'email-taken': 409,
  // Account self-service: the current password is asked again for what matters.
  'wrong-password': 403,
  'same-email': 400,
  'bad-email-token': 400,
  'admin-account': 403,
  'bad-reset-token': 400,
  'google-unverified': 403,
  'not-configured': 409,
  'portal-not-configured': 409,
  'already-pro': 409,
  'no-subscription': 409,
  'provider-unavailable': 502,
  'webhook-not-configured': 503,
  'bad-signature': 400,
  'bad-payload': 400,
  // The upload path: each file type's own limit, then what the bytes are.
  'file-too-large': 413,
  'empty-file': 400,
  'not-an-image': 400,
  'not-audio': 400,
  'bad-csv': 400,
  'asset-type-not-allowed': 400,
  // A bulk change to a category no asset has (a new one starts from one asset's edit).
  'unknown-category': 400,
  // A kit's list of asset ids naming one that does not exist: the form's input, not a missing page.
  'unknown-asset-ids': 400,
  // A schedule for an asset already live.
  'already-published': 409,
  // Publishing waits for the upload's processing (decision 087).
  'asset-processing': 409,
  // A file that failed for good: another attempt would read the same bytes.
  'processing-not-retryable': 409,
  // The upload results delete only a failed upload; the others, the assets page after asking.
  'upload-not-failed': 409,
  // Too many attempts (sign-in, registration, password reset, contact): with Retry-After.
  'rate-limited': 429,
} as const

export type Refusal = keyof typeof REFUSAL_STATUS

export function refusalStatus(reason: Refusal): number {
  return REFUSAL_STATUS[reason]
}
