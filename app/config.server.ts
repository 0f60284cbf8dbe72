import { z } from '~/lib/zod'
import path from 'node:path'

// Every setting the server reads comes through here, parsed once at start; a bad value stops
// the start with a message naming the variable. `.env.example` documents each one.
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()
const optionalUrl = optionalString.pipe(z.url({ message: 'must be a full URL' }).optional())
const boolFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'))

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    APP_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    PGLITE_DIR: optionalString,
    STORAGE_DIR: optionalString,
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: boolFlag,
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SECURE_COOKIES: boolFlag,
    TRUST_PROXY: boolFlag,
    ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    DEMO: boolFlag,
    SEED_ON_EMPTY: boolFlag,
    DEMO_IMAGE_SIZE: z.coerce.number().int().min(64).max(4096).default(2400),
    LOG_REQUESTS: boolFlag,
    PAGE_CACHE: boolFlag,
    /** Whether this instance runs background jobs (off: it only serves, others work). */
    RUN_JOBS: boolFlag,
    PAGE_CACHE_CHECK_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
    /** Pages rendering at once in this process, the rest queued (decision 94); 0: no cap; unset: cores + 1. */
    MAX_RENDERING: z.coerce.number().int().min(0).max(1000).optional(),
    /** Server processes sharing the port (decision 101); above 1 needs PostgreSQL. */
    SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
    /** Set by the server for each of its processes: which one this is (1, 2, …). */
    SERVER_PROCESS: z.coerce.number().int().min(1).optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(3_000).max(600_000).default(10_000),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    STRIPE_API_URL: optionalUrl,
    POSTMARK_SERVER_TOKEN: optionalString,
    POSTMARK_API_URL: optionalUrl,
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    MAIL_FROM: z.string().default('AI Stock Library <hello@localhost>'),
    CONTACT_EMAIL: z.email().default('owner@localhost'),
    FORM_ACTION_ORIGINS: z.string().default('https://checkout.stripe.com https://billing.stripe.com'),
    STATUS_P95_THRESHOLD_MS: z.coerce.number().positive().default(500),
    STATUS_ERROR_RATE_THRESHOLD: z.coerce.number().min(0).max(100).default(1),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      })
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      })
    }
    if (env.SERVER_PROCESSES > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SERVER_PROCESSES'],
        message: 'above 1 needs DATABASE_URL: the embedded database belongs to one process',
      })
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' })
    }
  })

export type Env = z.infer<typeof schema>

export interface Config extends Env {
  appUrl: string
  pgliteDir: string
  storageDir: string
  isProduction: boolean
  /**
   * Demo mode: the demo catalogue fills a database never filled and, without ADMIN_EMAIL, the demo
   * admin is created and hinted at. On by default except in production, where DEMO=1 asks for it.
   */
  demo: boolean
  /** Demo mode without admin credentials: the published demo admin exists. */
  demoMode: boolean
  /** Fill a catalogue never filled with demo content at start (SEED_ON_EMPTY, default: demo). */
  seedOnEmpty: boolean
  /** Origins a form may lead to after our own redirect (hosted checkout and billing portal). */
  formActionOrigins: string[]
  /**
   * One JSON line per request (LOG_REQUESTS): on in production, where the lines go to a log
   * collector; off elsewhere, where they would bury the start-up lines of `npm start`.
   */
  logRequests: boolean
  /** This instance runs background jobs (RUN_JOBS, default true). */
  runJobs: boolean
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`)
  }
  const e = result.data
  const demo = e.DEMO ?? e.NODE_ENV !== 'production'
  return {
    ...e,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    pgliteDir: path.resolve(e.PGLITE_DIR ?? path.join(e.DATA_DIR, 'pglite')),
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'storage')),
    isProduction: e.NODE_ENV === 'production',
    demo,
    demoMode: demo && !e.ADMIN_EMAIL,
    seedOnEmpty: e.SEED_ON_EMPTY ?? demo,
    formActionOrigins: e.FORM_ACTION_ORIGINS.split(/\s+/).filter(Boolean),
    logRequests: e.LOG_REQUESTS ?? e.NODE_ENV === 'production',
    runJobs: e.RUN_JOBS ?? true,
  }
}

/**
 * What a start in production should tell its operator. Without APP_URL the site writes its
 * address as http://localhost:PORT into licences, certificates, the files' provenance, emails
 * and shared pages: never the request's Host, which anyone can set.
 */
export function configWarnings(config: Config): { message: string; [field: string]: unknown }[] {
  if (!config.isProduction || config.APP_URL) return []
  return [
    {
      message: 'APP_URL is not set: links the site writes name this address',
      using: config.appUrl,
      in: 'licences and their certificates, provenance in delivered files, emails, feeds, shared pages',
    },
  ]
}

let cached: Config | undefined

export function getConfig(): Config {
  cached ??= parseConfig(process.env)
  return cached
}
