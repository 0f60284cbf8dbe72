import { describe, expect, it } from 'vitest'
import { REFUSAL_STATUS } from '~/web/refusals.server'

describe('REFUSAL_STATUS', () => {
  it('names every refusal reason in kebab-case', () => {
    for (const reason of Object.keys(REFUSAL_STATUS)) expect(reason).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it('answers each with an HTTP error status', () => {
    for (const status of Object.values(REFUSAL_STATUS)) expect(status).toBeGreaterThanOrEqual(400)
  })
})
