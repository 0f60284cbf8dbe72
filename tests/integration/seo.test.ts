import { describe, expect, it } from 'vitest'
import { makeAsset } from '../support/factories'
import { loader as sitemap } from '~/routes/sitemap'
import { loader as robots } from '~/routes/robots'
import { callRoute, createTestContext, makeRequest } from '../support/context'

describe('sitemap and robots', () => {
  it('the sitemap lists pages and published assets, never drafts', async () => {
    const t = await createTestContext({ APP_URL: 'https://stock.example' })
    const published = await makeAsset(t.db, t.storage)
    const draft = await makeAsset(t.db, t.storage, { isActive: false })
    const res = (await callRoute(sitemap, {
      request: makeRequest('/sitemap.xml'),
      context: t.routerContext(),
    })) as Response
    const xml = await res.text()
    expect(res.headers.get('content-type')).toContain('application/xml')
    expect(xml).toContain('<loc>https://stock.example/explore</loc>')
    expect(xml).toContain(`<loc>https://stock.example/assets/${published.id}</loc>`)
    expect(xml).not.toContain(`/assets/${draft.id}<`)
    await t.close()
  })

  it('robots.txt keeps crawlers out of private areas and points to the sitemap', async () => {
    const t = await createTestContext({ APP_URL: 'https://stock.example' })
    const text = await (
      (await callRoute(robots, { request: makeRequest('/robots.txt'), context: t.routerContext() })) as Response
    ).text()
    expect(text).toContain('Disallow: /admin')
    expect(text).toContain('Sitemap: https://stock.example/sitemap.xml')
    await t.close()
  })

  it('names the configured address, never the Host a request sent (cached answers carry it)', async () => {
    const t = await createTestContext({ PORT: '8123' })
    const asked = (route: typeof robots | typeof sitemap, path: string) =>
      callRoute(route, { request: makeRequest(`http://evil.example${path}`), context: t.routerContext() })
    const robotsTxt = await ((await asked(robots, '/robots.txt')) as Response).text()
    expect(robotsTxt).toContain('Sitemap: http://localhost:8123/sitemap.xml')
    const xml = await ((await asked(sitemap, '/sitemap.xml')) as Response).text()
    expect(xml).toContain('<loc>http://localhost:8123/')
    expect(xml).not.toContain('evil.example')
    await t.close()
  })
})
