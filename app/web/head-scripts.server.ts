const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g
const HEAD_END = Buffer.from('</head>')

/**
 * The document without React Router's `modulepreload` links in its head
 * (docs/decisions/068-no-modulepreload-links.md).
 *
 * React Router names every module of the page with such a link, and React hoists them to the
 * top of the head: forty-odd script requests that start before the stylesheets and share a
 * slow link with them, so the first paint waited (Lighthouse's mobile profile: FCP 2.8 s on
 * home, 1.4 s without them). The page's module script at the end of the body imports the same
 * modules, so they still load, as the modules importing them arrive. The page works before its
 * JavaScript does, so the first paint comes first; hydration comes about a second later on a
 * slow 4G link (measured in the decision above).
 *
 * Only the head is rewritten (a few KB); the body is copied untouched. `</head>` is ASCII, so
 * the bytes before it are whole characters.
 */
export function withoutModulePreloads(html: Buffer): Buffer<ArrayBuffer> {
  const end = html.indexOf(HEAD_END)
  const head = end === -1 ? html : html.subarray(0, end)
  const stripped = Buffer.from(head.toString('utf8').replace(MODULE_PRELOAD, ''), 'utf8')
  return end === -1 ? stripped : Buffer.concat([stripped, html.subarray(end)])
}
