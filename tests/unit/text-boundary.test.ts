import { describe, expect, it } from 'vitest'
import { cleanFileName, decodeUrlEncoded, isCleanRequestTarget, isCleanValue } from '~/web/text.server'
import { parseId } from '~/lib/ids'
import { isValidHost } from '../../server/guards'

// The text boundary and the id parser: what passes the door and what is refused.
describe('text boundary', () => {
  it('refuses NUL, lone surrogates and bytes that are not UTF-8 anywhere in the URL', () => {
    expect(isCleanRequestTarget('/explore?q=caf%C3%A9&tags=a,b')).toBe(true)
    expect(isCleanRequestTarget('/blog/caf%C3%A9')).toBe(true)
    for (const bad of [
      '/blog/%00',
      '/api/assets?category=%00',
      '/x?q=a%00b',
      '/x?%00=1',
      '/x?q=%ED%A0%80',
      '/x?q=%FF',
      '/x/%C3%28',
      '/x?q=a+%00',
    ]) {
      expect(isCleanRequestTarget(bad), bad).toBe(false)
    }
    // A malformed escape is kept as text, not an error.
    expect(isCleanRequestTarget('/x?q=100%')).toBe(true)
  })

  it('checks every string of a parsed body, keys included', () => {
    expect(isCleanValue({ a: ['b', { c: 'd' }], n: 1 })).toBe(true)
    expect(isCleanValue({ a: ['b', { c: 'd\u0000' }] })).toBe(false)
    expect(isCleanValue({ 'k\ud800': 1 })).toBe(false)
    expect(isCleanValue(['\udc00x'])).toBe(false)
    expect(isCleanValue('emoji 😀 ok')).toBe(true)
  })

  it('decodes form bodies byte by byte', () => {
    expect(decodeUrlEncoded(Buffer.from('a=1+2&b=%C3%A9&c'))).toEqual([
      ['a', '1 2'],
      ['b', 'é'],
      ['c', ''],
    ])
    expect(decodeUrlEncoded(Buffer.from('a=%00'))).toBeNull()
    expect(decodeUrlEncoded(Buffer.from('a=%E9'))).toBeNull()
  })

  it('cleans file names rather than refusing them', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd')
    expect(cleanFileName('C:\\photos\\cat.png')).toBe('cat.png')
    expect(cleanFileName('a\u0000b\r\n"c".png')).toBe('abc.png')
    expect(cleanFileName('\ud800.png')).toBe('\ufffd.png')
    expect(cleanFileName('...')).toBe('file')
  })
})

describe('ids', () => {
  it('takes canonical decimal integers only', () => {
    expect(parseId('1')).toBe(1)
    expect(parseId('2147483647')).toBe(2147483647)
    expect(parseId(42)).toBe(42)
    for (const bad of [
      '0',
      '0x10',
      '00000001',
      '01',
      '-1',
      '1.5',
      '1e3',
      ' 1',
      '+1',
      '2147483648',
      '',
      null,
      undefined,
      1.5,
      ['1'],
    ]) {
      expect(parseId(bad), String(bad)).toBeUndefined()
    }
  })
})

describe('Host header', () => {
  it('accepts host names, addresses and ports, refuses what no URL can carry', () => {
    for (const good of ['example.com', 'localhost:3000', '127.0.0.1:80', '[::1]:3000', 'Example.COM'])
      expect(isValidHost(good), good).toBe(true)
    for (const bad of ['x:99999', 'a b', 'a/b', '[::1', '', undefined, 'a@b', 'a?b'])
      expect(isValidHost(bad), String(bad)).toBe(false)
  })
})
