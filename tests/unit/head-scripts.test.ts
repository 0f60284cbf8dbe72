import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { withoutModulePreloads } from '~/web/head-scripts.server'

const run = (chunks: string[] | Buffer[]) => text(Readable.from(chunks).pipe(withoutModulePreloads()))

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/><link rel="stylesheet" href="/assets/root.css"/></head>'
const BODY =
  '<body><p>Café ☕</p><script type="module" async="">import * as route0 from "/assets/root-B.js";</script><link rel="modulepreload" href="/assets/in-body.js"/></body></html>'

describe('withoutModulePreloads (decision 68)', () => {
  it('drops the modulepreload links from the head and keeps everything else', async () => {
    const out = await run([HEAD + BODY])
    expect(out).toBe(HEAD.replace(/<link rel="modulepreload"[^>]*>/g, '') + BODY)
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>')
  })

  it('works whatever the chunks: a link cut in two, a character cut in two', async () => {
    const whole = Buffer.from(HEAD + BODY, 'utf8')
    const cafe = whole.indexOf(Buffer.from('é'))
    const cuts = [30, HEAD.indexOf('modulepreload') + 5, HEAD.length - 3, cafe + 1, whole.length - 10]
    const chunks: Buffer[] = []
    let from = 0
    for (const cut of cuts) {
      chunks.push(whole.subarray(from, cut))
      from = cut
    }
    chunks.push(whole.subarray(from))
    expect(await run(chunks)).toBe(HEAD.replace(/<link rel="modulepreload"[^>]*>/g, '') + BODY)
  })

  it('passes a document without a head end through (an error page cut short)', async () => {
    expect(await run(['<html><head><link rel="modulepreload" href="/a.js"/><title>x'])).toBe('<html><head><title>x')
  })
})
