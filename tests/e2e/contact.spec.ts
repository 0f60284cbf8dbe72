import { expect, test } from '@playwright/test'
import { e2eQuery, uniqueEmail } from './support'

test('the contact form sends a message and promises a reply within 1-2 business days', async ({ page }) => {
  const email = uniqueEmail('contact')
  await page.goto('/contact')
  await page.getByLabel('Name').fill('Cora Contact')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Message').fill('Hello! Could you render a custom set of kitchen objects?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(
    page.getByText('Thank you! Your message has been sent. We reply within 1-2 business days.'),
  ).toBeVisible()
  const rows = await e2eQuery<{ name: string }>('select name from contact_messages where email = $1', [email])
  expect(rows).toEqual([{ name: 'Cora Contact' }])
})

test('the contact form explains what is missing', async ({ page }) => {
  await page.goto('/contact')
  await page.getByLabel('Name').fill('Cora')
  await page.getByLabel('Email').fill(uniqueEmail('c2'))
  await page.getByLabel('Message').fill('Too short')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Please write a little more (at least 10 characters).')).toBeVisible()
})
