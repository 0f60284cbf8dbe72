import { describe, expect, it } from 'vitest'
import { collectPage } from '~/web/page-collector.server'

const encoder = new TextEncoder()

describe('collectPage: the page React writes, as one buffer (decisions 102 and 105)', () => {
  it('joins what React writes, text and bytes, and answers once it ends', async () => {
    const page = await collectPage((destination) => {
      destination.write(encoder.encode('<!DOCTYPE html><html><head></head>'))
      destination.write('<body><p>Café ☕</p>')
      destination.end(encoder.encode('</body></html>'))
    })
    expect(page.toString('utf8')).toBe('<!DOCTYPE html><html><head></head><body><p>Café ☕</p></body></html>')
  })

  it('never asks React to wait: a long chunk is taken at once', async () => {
    const wrote: boolean[] = []
    const long = encoder.encode('x'.repeat(1_000_000))
    const page = await collectPage((destination) => {
      wrote.push(destination.write(long), destination.write(long))
      destination.end()
    })
    expect(wrote).toEqual([true, true])
    expect(page.length).toBe(2_000_000)
  })

  it('fails with the error the page ended with', async () => {
    const failure = new Error('render failed')
    await expect(collectPage((destination) => destination.destroy(failure))).rejects.toBe(failure)
  })

  it('fails, rather than waiting forever, when the page is closed without an error', async () => {
    await expect(
      collectPage((destination) => {
        destination.write('<html>')
        destination.destroy()
      }),
    ).rejects.toThrow('The page was closed before it was whole.')
  })
})
