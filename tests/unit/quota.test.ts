import { describe, expect, it } from 'vitest'
import { quotaLine, quotaTile } from '~/lib/quota'

describe('the quota as the pages show it', () => {
  const free = { plan: 'free', used: 2, limit: 5, left: 3 } as const
  const pro = { plan: 'pro', used: 7, limit: null, left: null } as const

  it('says how many free downloads are left today; Pro is unlimited', () => {
    expect(quotaLine(free)).toBe('3 of 5 free downloads left today')
    expect(quotaLine(pro)).toBe('Unlimited downloads')
  })

  it('the profile tile: used of the limit (100 for Pro), and the line under it', () => {
    expect(quotaTile(free)).toEqual({ value: '2 / 5', note: '2 used today · 3 of 5 free downloads left today' })
    expect(quotaTile(pro)).toEqual({ value: '7 / 100', note: '7 used today · Unlimited downloads' })
  })
})
