export const FAKE_STRIPE_SECRET_KEY: string
export const FAKE_STRIPE_WEBHOOK_SECRET: string
export const FAKE_STRIPE_PRICE_ID: string

export type StripeParams = { [key: string]: string | StripeParams | StripeParams[] | string[] }

export function parseStripeForm(text: string): StripeParams

export function startFakeStripe(options?: { port?: number; secretKey?: string }): Promise<{
  base: string
  env: Record<string, string>
  /** Every API call the app made, in order. */
  requests: Array<{ method: string; path: string; params: Record<string, any> }>
  customers: Map<string, { id: string; email: string | null; name: string | null; metadata: Record<string, string> }>
  sessions: Map<
    string,
    { id: string; customer: string | null; client_reference_id: string | null; url: string; [key: string]: unknown }
  >
  /** The subscriptions cancelled through the API. */
  cancelled: Set<string>
  close(): Promise<void>
}>
