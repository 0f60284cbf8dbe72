import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { register, signIn, signInAsDemoAdmin, uniqueEmail, NOT_FOUND_PAGE, SITE_PAGES, sitePage } from './support'

/**
 * Valid HTML: the W3C Nu HTML checker (vnu.jar, run once over every page: Java's
 * start-up is the slow part) finds no error in the server HTML of the public pages signed out,
 * the signed-in pages and the admin screens. The server's HTML is the same with or without
 * JavaScript, so this runs in the no-JavaScript project only.
 *
 * One thing is let through, narrowly: errors located inside the `<style data-mantine-styles>`
 * elements Mantine renders in the body (its CSS variables, its class rules and the media
 * queries of responsive props), which Mantine 9 cannot put in the head. Any other
 * error, in a style element of ours too, fails.
 */

const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
)

const { public: PUBLIC, signedIn: SIGNED_IN, admin: ADMIN } = SITE_PAGES

interface VnuMessage {
  type: string
  url: string
  message: string
  extract?: string
  firstLine?: number
  firstColumn?: number
  lastLine: number
  lastColumn: number
}

/** Where Mantine's own style elements sit in a page: [start, end] as (line, column), 1-based. */
function mantineStyleRanges(html: string): Array<[number, number, number, number]> {
  const position = (offset: number): [number, number] => {
    const before = html.slice(0, offset)
    const line = before.split('\n').length
    return [line, offset - before.lastIndexOf('\n')]
  }
  return [...html.matchAll(/<style data-mantine-styles="[^"]*"[^>]*>[\s\S]*?<\/style>/g)].map((m) => [
    ...position(m.index),
    ...position(m.index + m[0].length),
  ])
}

function inside(m: VnuMessage, ranges: Array<[number, number, number, number]>): boolean {
  const at = (line: number, column: number) =>
    ranges.some(
      ([l1, c1, l2, c2]) =>
        (line > l1 || (line === l1 && column >= c1)) && (line < l2 || (line === l2 && column <= c2)),
    )
  return at(m.lastLine, m.lastColumn) && at(m.firstLine ?? m.lastLine, m.firstColumn ?? m.lastColumn)
}

async function fetchPage(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url, { maxRedirects: 0 })
  // Only the page made to be missing answers 404: any other would be checked as a 404 page.
  expect(response.status(), url).toBe(url === NOT_FOUND_PAGE ? 404 : 200)
  return response.text()
}

test('the W3C HTML checker finds no error in our markup @nojs-only', async ({ page, browser, request }) => {
  test.setTimeout(180_000)
  const resolve = (url: string) => sitePage(request, url)

  const pages: Array<{ label: string; html: string }> = []
  for (const url of PUBLIC) pages.push({ label: url, html: await fetchPage(request, await resolve(url)) })

  const user = { name: 'Valid Person', email: uniqueEmail('vnu'), password: 'correct-horse-9' }
  await register(page, user)
  await signIn(page, user.email, user.password)
  await expect(page).not.toHaveURL(/\/login/)
  for (const url of SIGNED_IN)
    pages.push({ label: `signed in ${url}`, html: await fetchPage(page.request, await resolve(url)) })

  const admin = await browser.newContext({ javaScriptEnabled: false })
  try {
    const adminPage = await admin.newPage()
    await signInAsDemoAdmin(adminPage)
    for (const url of ADMIN)
      pages.push({ label: `admin ${url}`, html: await fetchPage(adminPage.request, await resolve(url)) })
  } finally {
    await admin.close()
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'))
  try {
    const files = pages.map((p, i) => {
      const file = path.join(dir, `page-${i}.html`)
      writeFileSync(file, p.html)
      return { ...p, file, ranges: mantineStyleRanges(p.html) }
    })
    const output = await new Promise<string>((done, fail) => {
      execFile(
        'java',
        ['-jar', vnuJar, '--format', 'json', '--stdout', '--errors-only', ...files.map((f) => f.file)],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout) => {
          // vnu exits with 1 when it found errors; only a run without a report is a failure here.
          if (error && !stdout) fail(error)
          else done(stdout)
        },
      )
    })
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages.filter(
      (m) => m.type === 'error' || m.type === 'non-document-error',
    )
    const pageOf = (m: VnuMessage) => files.find((f) => m.url.endsWith(`/${path.basename(f.file)}`))
    const ours = messages.filter((m) => {
      const file = pageOf(m)
      return !(file && m.type === 'error' && inside(m, file.ranges))
    })
    const report = ours.map(
      (m) =>
        `${pageOf(m)?.label ?? m.url}:${m.lastLine}:${m.lastColumn}: ${m.message} [${(m.extract ?? '').replace(/\s+/g, ' ')}]`,
    )
    test.info().annotations.push({
      type: 'vnu',
      description: `${pages.length} pages, ${messages.length - ours.length} errors inside Mantine's style elements let through`,
    })
    expect(report, report.join('\n')).toEqual([])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
