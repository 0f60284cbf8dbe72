import type { Route } from './+types/embed-asset'
import { getPublishedAsset } from '~/domain/catalogue/assets.server'
import { type AssetView, formatDuration } from '~/lib/asset-view'
import { SITE_NAME } from '~/lib/constants'
import { parseId } from '~/lib/ids'
import { servicesContext } from '~/web/context.server'

// GET /embed/assets/:id: the audio player other sites put in an iframe (the one page that may be
// framed: server/app.ts). Plain HTML with no script at all: the native player, the waveform as
// SVG, the title linking to the asset's page in a new tab.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const id = parseId(params.id)
  const asset = id ? await getPublishedAsset(db, id) : null
  const origin = config.appUrl
  if (!asset?.audio) {
    const home = new URL('/', origin).href
    return html(htmlPage('Not found', '<p class="missing">This sound is not available.</p>', home), 404)
  }
  return html(player(asset as AssetView & { audio: NonNullable<AssetView['audio']> }, origin), 200)
}

const html = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': status === 200 ? 'public, max-age=300' : 'no-store',
    },
  })

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The waveform's peaks as bars across a 400 × 40 box. */
function waveform(peaks: number[]): string {
  if (peaks.length === 0) return ''
  const step = 400 / peaks.length
  const bars = peaks
    .map((peak, i) => {
      const h = Math.max(1, Math.round(Math.min(1, Math.max(0, peak)) * 40))
      return `<rect x="${(i * step).toFixed(2)}" y="${(40 - h) / 2}" width="${Math.max(step * 0.6, 0.5).toFixed(2)}" height="${h}"/>`
    })
    .join('')
  return `<svg class="wave" viewBox="0 0 400 40" preserveAspectRatio="none" aria-hidden="true">${bars}</svg>`
}

function player(asset: AssetView & { audio: NonNullable<AssetView['audio']> }, origin: string): string {
  const page = new URL(`/assets/${asset.id}`, origin).href
  const body = `<main class="player">
<a class="cover" href="${escapeHtml(page)}"><img src="${escapeHtml(asset.thumbnail)}" alt="" width="96" height="96"></a>
<div class="body">
<a class="title" href="${escapeHtml(page)}">${escapeHtml(asset.title)}</a>
${waveform(asset.audio.waveform)}
<audio controls preload="none" aria-label="Listen to ${escapeHtml(asset.title)}"><source src="${escapeHtml(asset.audio.preview_url)}" type="audio/mpeg"></audio>
<p class="site">${escapeHtml(formatDuration(asset.audio.duration_ms))} · <a href="${escapeHtml(new URL('/', origin).href)}">${escapeHtml(SITE_NAME)}</a></p>
</div>
</main>`
  return htmlPage(asset.title, body, page)
}

function htmlPage(title: string, body: string, canonical: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(SITE_NAME)}</title>
<link rel="canonical" href="${escapeHtml(canonical)}">
<base target="_blank">
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1a1b1e;--dim:#5c5f66;--bg:#fff;--line:#dee2e6;--wave:#228be6}
@media (prefers-color-scheme:dark){:root{--fg:#e9ecef;--dim:#a6a7ab;--bg:#1a1b1e;--line:#373a40;--wave:#4dabf7}}
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--fg);background:var(--bg)}
.player{display:flex;gap:12px;align-items:center;height:100%;padding:12px;border:1px solid var(--line);border-radius:8px}
.cover img{display:block;width:96px;height:96px;object-fit:cover;border-radius:6px;background:var(--line)}
.body{flex:1;min-width:0;display:grid;gap:4px}
.title{font-weight:600;color:var(--fg);text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.title:hover,.title:focus-visible{text-decoration:underline}
.wave{width:100%;height:28px;fill:var(--wave)}
audio{width:100%;height:32px}
.site{margin:0;color:var(--dim);font-size:12px}
.site a{color:inherit}
.missing{margin:0;padding:16px;color:var(--dim)}
@media (max-width:300px){.cover{display:none}}
`
