import { formatDay } from './dates'

// The licence agreement in force: the /license page shows its date, and every licence records
// the version it was granted under.
export const LICENCE_TERMS = {
  version: '2025-03-23',
  effectiveDate: '23 March 2025',
  label: 'Licence agreement effective 23 March 2025',
  url: '/license',
} as const

/** What the licence allows and what needs written permission, in the agreement's words (the
 * verification page and the certificate; app/routes/pages/license.tsx is the full text). */
export const LICENCE_ALLOWS = [
  'Commercial and personal use, for profit or not',
  'In client work, products, ads, apps, games, videos and print',
  'As is or modified: edit, crop, recolour, resize, combine',
  'No attribution required',
  'In any number of projects, with no per-use fees',
] as const

export const LICENCE_NEEDS_PERMISSION = [
  'Resale of the asset, unmodified or only slightly modified, including as stock on another marketplace',
  'Redistribution of the file, e.g. as-is in asset packs, template kits or asset stores',
  'NFT use: minting it, or selling it on an NFT marketplace',
  'AI training: training, fine-tuning or evaluating AI models, or data sets for them',
] as const

export const LICENCE_NEVER = 'Not allowed: using the asset as a trademark or logo, or claiming you created it.'

/** When a licence was granted, as the page and the certificate say it: '25 November 2026, 14:03 UTC'. */
export function formatIssued(at: Date | string): string {
  const date = new Date(at)
  const time = date.toLocaleTimeString('en-GB', {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return `${formatDay(date)}, ${time} UTC`
}
