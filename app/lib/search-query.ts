/**
 * A search's words as the analytics keep them, wherever they are recorded (the search itself,
 * and the views and previews that came from it), so the two can be matched: trimmed, lower
 * case, one space between words, at most 200 characters ('' for no words).
 */
export function normaliseSearchQuery(raw: string | null | undefined): string {
  return (raw ?? '').normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim().slice(0, 200).trimEnd()
}
