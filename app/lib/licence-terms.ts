// The licence agreement in force: the /license page shows its date, and every licence records
// the version it was granted under.
export const LICENCE_TERMS = {
  version: '2025-03-23',
  label: 'Licence agreement effective 23 March 2025',
  effective: 'Effective 23 March 2025',
  url: '/license',
} as const

/** What the licence allows and what needs written permission, in plain words (page and certificate). */
export const LICENCE_ALLOWS = [
  'Commercial and personal use: client work, products, advertising, videos, apps, games and print',
  'No attribution required; you may modify, crop, recolour and combine the asset',
] as const

export const LICENCE_NEEDS_PERMISSION = [
  'Resale or redistribution of the file itself, alone or in another stock, template or asset collection',
  'Use in NFTs or other tokens that sell the asset',
  'Training, fine-tuning or evaluating AI models',
] as const

/** A public licence id: 'LIC-' and 20 base32 characters. */
export const LICENCE_ID_PATTERN = /^LIC-[A-Z2-7]{20}$/

export function licencePath(licenceId: string): string {
  return `/licenses/${licenceId}`
}
