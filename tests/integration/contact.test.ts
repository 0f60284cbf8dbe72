import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as contact } from '~/routes/contact'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ CONTACT_EMAIL: 'owner@stock.example' })
})
afterAll(() => t.close())

const ip = () => `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
const send = (form: Record<string, string>, address = ip()) =>
  callRoute(contact, { request: makeRequest('/contact', { form }), context: t.routerContext(address) })
type Reply = {
  data?: { sent: boolean; result: { error?: Record<string, string[]> } }
  init?: { status: number }
  sent?: boolean
}

describe('contact form', () => {
  it('stores the message and mails the owner with Reply-To the sender', async () => {
    const email = `c-${Date.now()}@example.com`
    const res = (await send({ name: 'Cleo', email, message: 'Could you make a custom teapot set for us?' })) as Reply
    expect(res.sent).toBe(true)
    const stored = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(stored.message).toBe('Could you make a custom teapot set for us?')
    const mail = await t.db
      .selectFrom('outbound_emails')
      .selectAll()
      .where('subject', '=', 'Contact form: Cleo')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail.to_address).toBe('owner@stock.example')
    expect(mail.text_body).toContain('custom teapot')
    expect(mail.text_body).toContain(email)
  })

  it('validates every field with a clear message', async () => {
    const res = (await send({ name: ' ', email: 'not-an-email', message: 'short' })) as Reply
    expect(res.init?.status).toBe(400)
    const errors = res.data!.result.error!
    expect(errors.name).toEqual(['Please tell us your name.'])
    expect(errors.email).toEqual(['Enter a valid email address.'])
    expect(errors.message?.[0]).toMatch(/at least 10 characters/)
  })

  it('quietly drops a message whose honeypot is filled', async () => {
    const email = `bot-${Date.now()}@example.com`
    const res = (await send({
      name: 'Bot',
      email,
      message: 'Buy cheap things now, great offer!',
      website: 'http://spam.example',
    })) as Reply
    expect(res.sent).toBe(true)
    expect(await t.db.selectFrom('contact_messages').selectAll().where('email', '=', email).execute()).toHaveLength(0)
  })

  it('limits each address to 5 messages an hour', async () => {
    const address = ip()
    let last: Reply = {}
    for (let i = 0; i < 6; i++)
      last = (await send(
        { name: `N${i}`, email: `r${i}-${Date.now()}@example.com`, message: 'Hello there, a question about licences.' },
        address,
      )) as Reply
    expect(last.init?.status).toBe(429)
    expect(last.data!.result.error?.['']?.[0]).toMatch(/Too many attempts/)
  })
})
