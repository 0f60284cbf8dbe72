import { z } from '~/lib/zod'

/** Length caps, enforced by the schema and shown to the browser as maxLength. */
export const CONTACT_CAPS = { name: 120, email: 254, message: 5000 } as const

export const ContactSchema = z.object({
  name: z
    .string({ message: 'Please tell us your name.' })
    .trim()
    .min(1, 'Please tell us your name.')
    .max(CONTACT_CAPS.name, 'Your name is too long.'),
  email: z
    .string({ message: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(CONTACT_CAPS.email, 'Enter a valid email address.')
    .pipe(z.email({ message: 'Enter a valid email address.' })),
  message: z
    .string({ message: 'Please write a message.' })
    .trim()
    .min(10, 'Please write a little more (at least 10 characters).')
    .max(CONTACT_CAPS.message, 'Please keep your message under 5000 characters.'),
  // A field people never see: only bots fill it in.
  website: z.string().max(0, 'Spam detected.').optional(),
})

export const CONTACT_SENT = 'Thank you! Your message has been sent. We reply within 1-2 business days.'
