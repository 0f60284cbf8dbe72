import { describe, expect, it } from 'vitest'
import { formatDay, formatShortDay } from '~/lib/dates'
import { formatIssued } from '~/lib/licence-terms'

describe('days as the site writes them', () => {
  it('day, month, year, in UTC whatever the reader’s zone', () => {
    // 23:30 UTC is already the next day east of Greenwich: the page says the UTC day.
    expect(formatDay('2026-11-30T23:30:00Z')).toBe('30 November 2026')
    expect(formatShortDay(new Date('2026-09-03T00:10:00Z'))).toBe('3 Sept 2026')
    expect(formatShortDay('2026-11-30T23:30:00Z')).toBe('30 Nov 2026')
  })

  it('a licence’s time of issue begins with the same day', () => {
    expect(formatIssued('2026-11-25T14:03:09Z')).toBe('25 November 2026, 14:03 UTC')
  })
})
