/** An error's text, for a log line or a message: an Error's message, anything else thrown as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The same with the stack where there is one, for faults nobody expected. */
export function errorStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
