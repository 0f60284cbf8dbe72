import { z } from '~/lib/zod'

// Scheduled publishing's times (decision 89). A datetime-local input has no zone: the form
// sends the admin's IANA zone in a hidden field that JavaScript fills; without JavaScript the
// field says UTC and so does the page. The server turns the wall time into an instant here.

/** The furthest a schedule may lie ahead. */
export const MAX_SCHEDULE_DAYS = 2 * 366
export const SCHEDULE_TOO_FAR = 'Choose a publish time within the next two years.'
export const BAD_PUBLISH_AT = 'publish_at is a date and time with its zone, like 2026-12-01T09:00:00Z, or null.'
export const BAD_LOCAL_TIME = 'Enter a date and time, like 2026-12-01 09:00.'
export const BAD_TIME_ZONE = 'That time zone is not known.'

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * A datetime-local value ('2026-12-01T09:00') read in a zone, as an instant; null when the text
 * is not one. A wall time skipped by a clock change lands just after it.
 */
export function zonedTimeToDate(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim())
  if (!m) return null
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0))
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second)
  // Rejects 31 February and the like, which Date.UTC would roll over.
  if (new Date(asUtc).getUTCDate() !== day) return null
  const first = asUtc - zoneOffsetMs(asUtc, timeZone)
  const second_ = asUtc - zoneOffsetMs(first, timeZone)
  return new Date(second_)
}

/** An instant as a datetime-local value in a zone (the form's default). */
export function toLocalInput(iso: string, timeZone: string): string {
  const instant = new Date(iso).getTime()
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 16)
}

/** Whether a schedule lies within the allowed horizon (a time in the past publishes at once). */
export function withinHorizon(date: Date, now = Date.now()): boolean {
  return date.getTime() <= now + MAX_SCHEDULE_DAYS * 24 * 3600 * 1000
}

/**
 * publish_at in the JSON API: an ISO 8601 date and time with its zone (Z or an offset), or null
 * or '' to withdraw the schedule.
 */
export const PublishAtSchema = z
  .union([z.null(), z.literal(''), z.iso.datetime({ offset: true, message: BAD_PUBLISH_AT })], {
    message: BAD_PUBLISH_AT,
  })
  .transform((v) => (v ? new Date(v) : null))
  .refine((v) => v === null || withinHorizon(v), { message: SCHEDULE_TOO_FAR })

/**
 * The form's fields: the datetime-local value and the zone JavaScript filled in (UTC without
 * it). Empty: no schedule. Returns the instant, or an error message.
 */
export function readScheduleFields(
  local: string,
  timeZone: string,
): { ok: true; publishAt: Date | null } | { ok: false; error: string } {
  if (!local.trim()) return { ok: true, publishAt: null }
  const zone = timeZone.trim() || 'UTC'
  if (!isTimeZone(zone)) return { ok: false, error: BAD_TIME_ZONE }
  const publishAt = zonedTimeToDate(local, zone)
  if (!publishAt) return { ok: false, error: BAD_LOCAL_TIME }
  if (!withinHorizon(publishAt)) return { ok: false, error: SCHEDULE_TOO_FAR }
  return { ok: true, publishAt }
}
