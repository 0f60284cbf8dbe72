/**
 * Tags arrive as an array, a JSON string ('["a","b"]') or a comma string ('a, b'). Every door
 * turns them into the one stored shape: trimmed, lower-case, without bracket or quote
 * characters, no empties, no duplicates, in their first order.
 */
export function normaliseTags(input: unknown): string[] {
  let items: unknown[]
  if (Array.isArray(input)) {
    items = input
  } else if (typeof input === 'string') {
    const text = input.trim()
    items = [text]
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text)
        if (Array.isArray(parsed)) items = parsed
      } catch {
        // not JSON after all: fall through to comma splitting
      }
    }
  } else {
    return []
  }
  const seen = new Set<string>()
  for (const item of items) {
    if (typeof item !== 'string' && typeof item !== 'number') continue
    for (const part of String(item).split(',')) {
      const tag = cleanTag(part)
      if (tag) seen.add(tag)
    }
  }
  return [...seen]
}

export function cleanTag(raw: string): string {
  return raw
    .replace(/[[\]{}()"'`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, 40)
}

/**
 * A tag's own page: /explore with the tag filter. Its total is the tag's count wherever a count
 * is shown ('Blue - 10 assets'), since both read the assets' tags; a word search (`q=blue`)
 * also finds titles, descriptions and colour names, and so finds more.
 */
export function tagExploreUrl(tag: string): string {
  return `/explore?tags=${encodeURIComponent(tag)}`
}
