import { describe, expect, it } from 'vitest'
import { quotaLine, quotaResets, quotaSpent, quotaTile } from '~/lib/quota'

describe('the quota as the pages show it', () => {
  const resets = 'Resets at midnight UTC, in 5 h 12 min'
  const free = { plan: 'free', used: 2, limit: 5, left: 3, resets } as const
  const pro = { plan: 'pro', used: 7, limit: null, left: null, resets: null } as const

  it('says how many free downloads are left today; Pro is unlimited', () => {
    expect(quotaLine(free)).toBe('3 of 5 free downloads left today')
    expect(quotaLine(pro)).toBe('Unlimited downloads')
  })

  it('the profile tile: used of the limit (100 for Pro), and the line under it', () => {
    expect(quotaTile(free)).toEqual({ value: '2 / 5', note: '2 used today · 3 of 5 free downloads left today' })
    expect(quotaTile(pro)).toEqual({ value: '7 / 100', note: '7 used today · Unlimited downloads' })
  })

  it('says when the quota resets: the next midnight UTC, in hours and minutes rounded up', () => {
    expect(quotaResets(new Date('2026-11-25T18:48:00Z'))).toBe(resets)
    expect(quotaResets(new Date('2026-11-25T18:47:30Z'))).toBe('Resets at midnight UTC, in 5 h 13 min')
    expect(quotaResets(new Date('2026-11-25T23:59:59Z'))).toBe('Resets at midnight UTC, in 1 min')
    expect(quotaResets(new Date('2026-11-25T23:15:00Z'))).toBe('Resets at midnight UTC, in 45 min')
    expect(quotaResets(new Date('2026-11-25T21:00:00Z'))).toBe('Resets at midnight UTC, in 3 h')
    expect(quotaResets(new Date('2026-11-25T00:00:00Z'))).toBe('Resets at midnight UTC, in 24 h')
    // The end of a month and a year roll over too.
    expect(quotaResets(new Date('2026-12-31T22:30:00Z'))).toBe('Resets at midnight UTC, in 1 h 30 min')
  })

  it('is spent only when a Free quota has none left', () => {
    expect(quotaSpent(free)).toBe(false)
    expect(quotaSpent({ ...free, used: 5, left: 0 })).toBe(true)
    expect(quotaSpent(pro)).toBe(false)
    expect(quotaSpent(null)).toBe(false)
  })
})
