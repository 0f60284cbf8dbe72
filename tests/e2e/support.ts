import { test, type Page } from '@playwright/test'

export const jsEnabled = () => test.info().project.name === 'js'

/** With JavaScript on, waits until React has hydrated the page; without, returns at once. */
export async function hydrated(page: Page): Promise<void> {
  if (!jsEnabled()) return
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}
