import type { DB } from '#db/client'
import type { Config } from '~/config.server'
import { sendMail } from '~/platform/mail.server'

export interface ContactMessage {
  name: string
  email: string
  message: string
}

/**
 * Keeps the message, then emails it to the site owner with Reply-To set to the sender. The
 * row is written first, so a mail failure loses nothing: the owner still finds it stored.
 */
export async function sendContactMessage(
  db: DB,
  config: Config,
  input: ContactMessage,
): Promise<{ id: number; mailed: boolean }> {
  const row = await db
    .insertInto('contact_messages')
    .values({ name: input.name, email: input.email, message: input.message })
    .returning('id')
    .executeTakeFirstOrThrow()
  try {
    await sendMail(db, config, {
      to: config.CONTACT_EMAIL,
      replyTo: input.email,
      subject: `Contact form: ${input.name}`,
      text: `${input.name} <${input.email}> wrote:\n\n${input.message}\n\n(Message #${row.id}; reply to this email to answer.)`,
    })
    return { id: row.id, mailed: true }
  } catch {
    return { id: row.id, mailed: false }
  }
}
