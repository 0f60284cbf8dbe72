/**
 * Back from a resumed sign-in, the page says the favourite was saved (`?saved=favourite`).
 * On its own, so the heart and the root layout do not carry the redirect rules to the browser.
 */
export const FAVOURITE_SAVED = { key: 'saved', value: 'favourite' } as const
