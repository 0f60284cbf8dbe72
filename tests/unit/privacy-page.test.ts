import { MantineProvider } from '@mantine/core'
import { createElement as h, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EVENT_RETENTION_DAYS } from '~/lib/search-query'
import { theme } from '~/theme'

// The privacy page says how long searches and views are kept, with the number the retention
// job prunes by (EVENT_RETENTION_DAYS), not a copy of it.

async function retentionText(): Promise<string> {
  const { default: PrivacyPage } = (await import('~/routes/pages/privacy')) as { default: ComponentType }
  const html = renderToStaticMarkup(h(MemoryRouter, null, h(MantineProvider, { theme }, h(PrivacyPage))))
  const section = /<section[^>]*id="retention"[^>]*>([\s\S]*?)<\/section>/.exec(html)
  expect(section, 'the page has a retention section').not.toBeNull()
  return section![1]
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The sentence of the section that gives a number of days for searches and views. */
function searchesAndViews(text: string): string | undefined {
  return text.split(/(?<=\.)\s/).find((s) => /search/i.test(s) && /view/i.test(s) && /\d+ days/.test(s))
}

describe('privacy page: how long searches and views are kept', () => {
  afterEach(() => {
    vi.doUnmock('~/lib/search-query')
    vi.resetModules()
  })

  it("names the retention job's number of days for searches and views", async () => {
    const sentence = searchesAndViews(await retentionText())
    expect(sentence).toBeDefined()
    expect(sentence).toContain(`${EVENT_RETENTION_DAYS} days`)
  })

  it('follows the constant when it changes', async () => {
    const other = EVENT_RETENTION_DAYS + 17
    vi.resetModules()
    vi.doMock('~/lib/search-query', async (importOriginal) => ({
      ...(await importOriginal<typeof import('~/lib/search-query')>()),
      EVENT_RETENTION_DAYS: other,
    }))
    const sentence = searchesAndViews(await retentionText())
    expect(sentence).toBeDefined()
    expect(sentence).toContain(`${other} days`)
    expect(sentence).not.toContain(`${EVENT_RETENTION_DAYS} days`)
  })
})
