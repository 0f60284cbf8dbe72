import { ServerClient } from 'postmark'
import type { DB } from '#db/client'
import type { Config } from '~/config.server'
import { log } from './log.server'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
}

/**
 * Sends a message through Postmark when POSTMARK_SERVER_TOKEN is set; otherwise it goes to the
 * outbound_emails table (the outbox, where development and tests read it) and the log.
 */
export async function sendMail(db: DB, config: Config, message: MailMessage): Promise<void> {
  if (config.POSTMARK_SERVER_TOKEN) {
    const api = config.POSTMARK_API_URL ? new URL(config.POSTMARK_API_URL) : null
    const client = new ServerClient(
      config.POSTMARK_SERVER_TOKEN,
      api ? { requestHost: api.host, useHttps: api.protocol === 'https:' } : {},
    )
    await client.sendEmail({
      From: config.MAIL_FROM,
      To: message.to,
      Subject: message.subject,
      TextBody: message.text,
      HtmlBody: message.html,
      ReplyTo: message.replyTo,
      MessageStream: 'outbound',
    })
    await db
      .insertInto('outbound_emails')
      .values({
        to_address: message.to,
        from_address: config.MAIL_FROM,
        subject: message.subject,
        text_body: '(sent through Postmark)',
        transport: 'postmark',
      })
      .execute()
    log.info('mail sent', { transport: 'postmark', subject: message.subject })
    return
  }
  await db
    .insertInto('outbound_emails')
    .values({
      to_address: message.to,
      from_address: config.MAIL_FROM,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
    })
    .execute()
  // In development the whole message is logged, so a reset link can be followed from the
  // console; elsewhere only the subject (bodies can hold one-time links).
  log.info('mail queued in the outbox', {
    transport: 'outbox',
    subject: message.subject,
    ...(config.NODE_ENV === 'development' ? { to: message.to, text: message.text } : {}),
  })
}
