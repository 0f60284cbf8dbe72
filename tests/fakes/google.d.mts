export function startFakeGoogle(options?: { port?: number; clientId?: string; clientSecret?: string }): Promise<{
  base: string
  env: Record<string, string>
  close(): Promise<void>
}>
