import { SITE_NAME } from './constants'

export interface CreditLines {
  text: string
  html: string
  markdown: string
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const escapeMarkdown = (value: string) => value.replace(/([\\[\]()*_`])/g, '\\$1')

/** The credit line of an asset, for those who like to credit (the licence does not ask for it). */
export function creditLines(asset: { id: number; title: string }, origin: string): CreditLines {
  const page = new URL(`/assets/${asset.id}`, origin).href
  const site = new URL('/', origin).href
  return {
    text: `“${asset.title}” by ${SITE_NAME} (${page})`,
    html: `<a href="${escapeHtml(page)}">${escapeHtml(asset.title)}</a> by <a href="${escapeHtml(site)}">${escapeHtml(SITE_NAME)}</a>`,
    markdown: `[${escapeMarkdown(asset.title)}](${page}) by [${escapeMarkdown(SITE_NAME)}](${site})`,
  }
}
