import { describe, expect, it } from 'vitest'
import { withoutModulePreloads } from '~/web/head-scripts.server'

const run = (html: string) => withoutModulePreloads(Buffer.from(html, 'utf8')).toString('utf8')

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/><link rel="stylesheet" href="/assets/root.css"/></head>'
const BODY =
  '<body><p>Café ☕</p><script type="module" async="">import * as route0 from "/assets/root-B.js";</script><link rel="modulepreload" href="/assets/in-body.js"/></body></html>'

describe('withoutModulePreloads (decision 68)', () => {
  it('drops the modulepreload links from the head and keeps everything else, the body untouched', () => {
    const out = run(HEAD + BODY)
    expect(out).toBe(HEAD.replace(/<link rel="modulepreload"[^>]*>/g, '') + BODY)
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>')
    expect(out).toContain('<link rel="modulepreload" href="/assets/in-body.js"/>')
  })

  it('passes a document without a head end through (an error page cut short)', () => {
    expect(run('<html><head><link rel="modulepreload" href="/a.js"/><title>x')).toBe('<html><head><title>x')
  })
})
