import { describe, expect, it } from 'vitest'
import { idSchema, MAX_ID, parseId } from '~/lib/ids'

describe('parseId', () => {
  it('takes canonical decimal ids from 1 to MAX_ID, as text or a whole number', () => {
    expect(parseId('16')).toBe(16)
    expect(parseId('1')).toBe(1)
    expect(parseId(42)).toBe(42)
    expect(parseId(String(MAX_ID))).toBe(MAX_ID)
  })

  it('refuses every other spelling of a number', () => {
    for (const text of [
      '0x10',
      '1e1',
      ' 1',
      '1 ',
      '01',
      '-1',
      '1.0',
      '+1',
      '0',
      '',
      '1_000',
      '１',
      'abc',
      '0b1',
      '0o7',
    ])
      expect(parseId(text), JSON.stringify(text)).toBeUndefined()
    expect(parseId(String(MAX_ID + 1))).toBeUndefined()
    expect(parseId('99999999999')).toBeUndefined()
  })

  it('refuses numbers that are not whole, positive or safe, and values that are not text', () => {
    for (const value of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e21, null, undefined, true, [1], { id: 1 }])
      expect(parseId(value), String(value)).toBeUndefined()
  })
})

describe('idSchema', () => {
  it('is parseId as a schema: the id, or an issue with the given message', () => {
    const schema = idSchema('asset_id must be a whole number from 1.')
    expect(schema.parse('16')).toBe(16)
    expect(schema.parse(16)).toBe(16)
    for (const value of ['0x10', '1e1', ' 1', '01', '-1', '1.0', undefined]) {
      const parsed = schema.safeParse(value)
      expect(parsed.success, String(value)).toBe(false)
      expect(parsed.error?.issues[0]?.message).toBe('asset_id must be a whole number from 1.')
    }
  })
})
