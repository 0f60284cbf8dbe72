// Apart from schedule.ts, whose forms bring zod: public pages show these times too (an asset in
// early access, decision 116) and must not carry zod for it.

/** '1 Dec 2026, 09:00 UTC': in the given zone, or the browser's own when left out. */
export function formatScheduleTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso))
}
