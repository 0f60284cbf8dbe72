import { describe, expect, it } from 'vitest'
import { readScheduleFields, toLocalInput, zonedTimeToDate } from '~/lib/schedule'
import { formatScheduleTime } from '~/lib/schedule-time'

// The wall time of a datetime-local input, read in the admin's zone (decision 89).

describe('zonedTimeToDate', () => {
  it('reads a wall time in a zone, summer and winter', () => {
    expect(zonedTimeToDate('2027-07-01T12:00', 'Europe/Paris')?.toISOString()).toBe('2027-07-01T10:00:00.000Z')
    expect(zonedTimeToDate('2027-01-15T12:00', 'Europe/Paris')?.toISOString()).toBe('2027-01-15T11:00:00.000Z')
    expect(zonedTimeToDate('2027-01-15T12:00', 'America/New_York')?.toISOString()).toBe('2027-01-15T17:00:00.000Z')
    expect(zonedTimeToDate('2027-01-15T12:00', 'Asia/Kolkata')?.toISOString()).toBe('2027-01-15T06:30:00.000Z')
    expect(zonedTimeToDate('2027-01-15T12:00', 'UTC')?.toISOString()).toBe('2027-01-15T12:00:00.000Z')
  })

  it('puts a wall time skipped by the clock change just after it, and refuses what is not a date', () => {
    // 02:30 does not happen in Paris on 28 March 2027.
    expect(zonedTimeToDate('2027-03-28T02:30', 'Europe/Paris')?.toISOString()).toBe('2027-03-28T01:30:00.000Z')
    for (const bad of ['2027-02-30T10:00', '2027-13-01T10:00', '2027-01-01T24:00', 'tomorrow', ''])
      expect(zonedTimeToDate(bad, 'UTC'), bad).toBeNull()
  })

  it('round-trips through the form’s default', () => {
    expect(toLocalInput('2027-07-01T10:00:00.000Z', 'Europe/Paris')).toBe('2027-07-01T12:00')
    expect(toLocalInput('2027-07-01T10:00:00.000Z', 'UTC')).toBe('2027-07-01T10:00')
  })
})

describe('readScheduleFields and the words', () => {
  it('empty is no schedule, no zone is UTC, an unknown zone or a far date is refused', () => {
    expect(readScheduleFields('', 'Europe/Paris')).toEqual({ ok: true, publishAt: null })
    expect(readScheduleFields('2027-01-15T12:00', '')).toEqual({ ok: true, publishAt: new Date('2027-01-15T12:00Z') })
    expect(readScheduleFields('2027-01-15T12:00', 'Mars/Olympus')).toMatchObject({ ok: false })
    expect(readScheduleFields('2099-01-15T12:00', 'UTC')).toMatchObject({ ok: false, error: /two years/ })
  })

  it('says the date, the time and the zone', () => {
    expect(formatScheduleTime('2027-03-01T09:00:00.000Z', 'UTC')).toBe('1 Mar 2027, 09:00 UTC')
    expect(formatScheduleTime('2027-07-01T10:00:00.000Z', 'Europe/Paris')).toBe('1 Jul 2027, 12:00 CEST')
  })
})
