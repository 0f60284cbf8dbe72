import { describe, expect, it } from 'vitest'
import { errorMessage, errorStack } from '~/lib/errors'

describe('errorMessage', () => {
  it('is an Error’s message, or anything else thrown as text', () => {
    expect(errorMessage(new Error('disk full'))).toBe('disk full')
    expect(errorMessage('plain text')).toBe('plain text')
    expect(errorMessage(42)).toBe('42')
    expect(errorMessage(undefined)).toBe('undefined')
  })

  it('errorStack adds the stack where there is one', () => {
    expect(errorStack(new Error('boom'))).toMatch(/^Error: boom\n\s+at /)
    expect(errorStack('boom')).toBe('boom')
  })
})
