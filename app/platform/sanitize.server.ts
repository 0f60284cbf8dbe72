import sanitizeHtml from 'sanitize-html'
import { isAllowedImageUrl, LINK_SCHEMES } from '~/lib/blog-schema'

// An image's width and height in pixels. 'auto' (the editor's default size) is no attribute:
// HTML's width and height take whole numbers only, and absent they size the image to its picture.
const DIMENSION = /^\d{1,5}$/

/**
 * The allowlist matches what the blog editor can produce (StarterKit without strike, headings
 * 1-3, links, images): anything else, whether pasted into the no-JavaScript textarea or sent to
 * the API, is dropped. Stored posts only ever hold the output of this function.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'blockquote',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // '//host/x' is another site dressed up as a relative URL.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not just unwrapped.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  transformTags: {
    // Deeper headings than the editor offers keep being headings.
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    a(tagName, attribs) {
      const out: Record<string, string> = {}
      if (attribs.href) out.href = attribs.href
      // A new tab must not hand the opener (or the referrer) to the other site.
      if (attribs.target === '_blank') {
        out.target = '_blank'
        out.rel = 'noopener noreferrer nofollow'
      }
      return { tagName, attribs: out }
    },
    img(tagName, attribs) {
      const out: Record<string, string> = {}
      if (attribs.src) out.src = attribs.src.trim()
      // alt="" is meaningful (a decorative image): keep it.
      if (attribs.alt !== undefined) out.alt = attribs.alt
      for (const name of ['width', 'height'] as const) {
        if (attribs[name] && DIMENSION.test(attribs[name])) out[name] = attribs[name]
      }
      return { tagName, attribs: out }
    },
  },
  // An image whose source was refused (or is relative to the post's own URL) shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !(frame.attribs.src && isAllowedImageUrl(frame.attribs.src)),
}

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}
