import { chromium } from '@playwright/test'
const js = process.argv[2] !== 'nojs'
const urls = process.argv.slice(3)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1400, height: 1000 } })
const page = await context.newPage()
await page.goto('http://127.0.0.1:3260/admin/login')
await page.fill('input[name=email]', 'admin@example.com')
await page.fill('input[name=password]', 'demo-admin-password')
await page.click('button:has-text("Login as Admin")')
await page.waitForURL(/\/admin$/)
let i = 0
for (const url of urls) {
  await page.goto('http://127.0.0.1:3260' + url)
  if (url.includes('assets')) {
    const boxes = page.locator('input[name=ids]')
    if (await boxes.count() > 1) { await boxes.nth(0).check(); await boxes.nth(1).check() }
  }
  await page.screenshot({ path: `/tmp/shot-${js ? 'js' : 'nojs'}-${i++}.png`, fullPage: false })
  console.log(url, await page.locator('form#bulk-delete button').evaluate(el => getComputedStyle(el.querySelector('span span, span') , '::after').content).catch(e => 'n/a'))
}
await browser.close()
