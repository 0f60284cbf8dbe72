import { expect, test } from '@playwright/test'

// Tagged tests run in one project only (see playwright.config.ts): nothing is skipped.
test('home: header search appears once the hero is within 80px of the top @js-only', async ({ page }) => {
  await page.goto('/')
  const headerSearch = page.locator('input[aria-label="Search assets (header)"]')
  await expect(headerSearch).toBeHidden()
  await page.evaluate(() => {
    const hero = document.getElementById('hero-section')!
    window.scrollTo(0, hero.offsetTop + hero.offsetHeight - 70)
  })
  await expect(headerSearch).toBeVisible()
})

test('home: without JavaScript the header search is shown from the start @nojs-only', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('input[aria-label="Search assets (header)"]')).toBeVisible()
})

test('home: hero search goes to /explore', async ({ page }) => {
  await page.goto('/')
  const hero = page.locator('input[aria-label="Search assets (hero)"]')
  await hero.fill('robot')
  await hero.press('Enter')
  await expect(page).toHaveURL(/\/explore\?q=robot$/)
})
