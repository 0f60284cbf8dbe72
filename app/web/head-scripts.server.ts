import { Transform } from 'node:stream'

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g
const HEAD_END = '</head>'

/**
 * The document's head without React Router's `modulepreload` links
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
 * Only the head is rewritten (buffered until `</head>`, a few KB); the body streams untouched.
 */
export function withoutModulePreloads(): Transform {
  // Bytes, not text, until the head ends: `</head>` is ASCII, so everything before it is whole
  // characters however the chunks were cut.
  let head = Buffer.alloc(0)
  let inBody = false
  const strip = (bytes: Buffer) => Buffer.from(bytes.toString('utf8').replace(MODULE_PRELOAD, ''), 'utf8')
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (inBody) return callback(null, chunk)
      head = Buffer.concat([head, chunk])
      const end = head.indexOf(HEAD_END)
      if (end === -1) return callback()
      inBody = true
      const out = Buffer.concat([strip(head.subarray(0, end)), head.subarray(end)])
      head = Buffer.alloc(0)
      callback(null, out)
    },
    flush(callback) {
      callback(null, head.length ? strip(head) : undefined)
    },
  })
}
