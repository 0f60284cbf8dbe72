import { useNonce } from '~/lib/nonce'

/** JSON for a <script> element: '<' escaped, so no text in it can close the element early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * Structured data (schema.org JSON-LD) for search engines. It carries the CSP nonce like every
 * inline script; browsers hide a nonce from the DOM, hence no hydration warning on it.
 */
export function JsonLd({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  const nonce = useNonce()
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped, inside a script of type application/ld+json
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  )
}
