import { z } from '~/lib/zod'

// The account forms' rules, shared by the pages (server and browser) and the JSON API.
export const PASSWORDS_DIFFER = 'Passwords do not match.'
export const MISSING_RESET_TOKEN = 'Invalid or missing reset token.'
const MIN_PASSWORD = 8

const email = z
  .string({ message: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ message: 'Enter a valid email address.' }))
const password = z
  .string({ message: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(200, 'Password is too long.')
const newPassword = z
  .string({ message: 'Password is required.' })
  .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters.`)
  .max(200, 'Password is too long.')

export const LoginSchema = z.object({ email, password })

export const RegisterSchema = z
  .object({
    fullName: z
      .string({ message: 'Full name is required.' })
      .trim()
      .min(1, 'Full name is required.')
      .max(120, 'Full name is too long.'),
    email,
    password: newPassword,
    confirmPassword: z.string({ message: 'Confirm your password.' }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] })

/** The API's register body: full_name (snake case, as the API's fields are), no confirmation field. */
export const ApiRegisterSchema = z.object({
  full_name: z
    .string({ message: 'full_name is required.' })
    .trim()
    .min(1, 'full_name is required.')
    .max(120, 'full_name is too long.'),
  email,
  password: newPassword,
})

export const ForgotPasswordSchema = z.object({ email })

export const ResetPasswordSchema = z
  .object({
    token: z.string({ message: MISSING_RESET_TOKEN }).min(1, MISSING_RESET_TOKEN).max(200, MISSING_RESET_TOKEN),
    password: newPassword,
    confirmPassword: z.string({ message: 'Confirm your password.' }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] })

export const ApiResetPasswordSchema = z.object({
  token: z.string({ message: MISSING_RESET_TOKEN }).min(1, MISSING_RESET_TOKEN).max(200, MISSING_RESET_TOKEN),
  password: newPassword,
})

// ---- Account self-service (/profile/account and the API's /api/auth/... calls) ----

const fullName = z
  .string({ message: 'Full name is required.' })
  .trim()
  .min(1, 'Full name is required.')
  .max(120, 'Full name is too long.')
/** The current password; an account that only signs in with Google gives its email instead. */
const currentPassword = z
  .string({ message: 'Enter your current password.' })
  .min(1, 'Enter your current password.')
  .max(254, 'Password is too long.')

export const ChangeNameSchema = z.object({ fullName })
export const ApiChangeNameSchema = z.object({
  full_name: z
    .string({ message: 'full_name is required.' })
    .trim()
    .min(1, 'full_name is required.')
    .max(120, 'full_name is too long.'),
})

export const ChangeEmailSchema = z.object({ email, currentPassword })
export const ApiChangeEmailSchema = z.object({ email, current_password: currentPassword })

export const MISSING_EMAIL_TOKEN = 'Invalid or missing confirmation token.'
export const ApiConfirmEmailSchema = z.object({
  token: z.string({ message: MISSING_EMAIL_TOKEN }).min(1, MISSING_EMAIL_TOKEN).max(200, MISSING_EMAIL_TOKEN),
})

export const ChangePasswordSchema = z
  .object({ currentPassword, newPassword, confirmPassword: z.string({ message: 'Confirm your password.' }) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] })
export const ApiChangePasswordSchema = z.object({ current_password: currentPassword, new_password: newPassword })

export const DeleteAccountSchema = z.object({ currentPassword })
export const ApiDeleteAccountSchema = z.object({ current_password: currentPassword })
