import { describe, expect, it } from 'vitest'
import { DatabaseUnavailableError, isConnectionFailure, trackDatabaseAvailability } from '#db/availability'

// Which errors mean "the database is gone" (answer 503 and probe) and which mean "this query was
// wrong" (a bug or bad input: not the database's fault).

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isConnectionFailure', () => {
  it.each([
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    ['admin shutdown (restart)', withCode('57P01', 'terminating connection due to administrator command')],
    ['cannot connect now (starting up)', withCode('57P03')],
    ['connection exception class 08', withCode('08006')],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['the connect timeout', new Error('timeout expired')],
    ['the client read timeout', new Error('Query read timeout')],
    ['wrapped in a cause', new Error('outer', { cause: withCode('ECONNREFUSED') })],
    ['several addresses refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ['our own', new DatabaseUnavailableError()],
  ])('%s: yes', (_, error) => expect(isConnectionFailure(error)).toBe(true))

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601', 'syntax error at or near')],
    ['a statement timeout (slow, but answering)', withCode('57014', 'canceling statement due to statement timeout')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'oops'],
  ])('%s: no', (_, error) => expect(isConnectionFailure(error)).toBe(false))
})

describe('trackDatabaseAvailability', () => {
  it('flags a request whose work met an unavailable database, even if it caught the error', async () => {
    const { unavailable, outcome } = await trackDatabaseAvailability(async () => {
      try {
        throw withCode('ECONNREFUSED')
      } catch {
        return 'fallback'
      }
    })
    // Caught by the work itself: only the monitor's flag (set inside db/availability) marks it,
    // so a plain caught error is not enough on its own.
    expect(outcome).toEqual({ status: 'fulfilled', value: 'fallback' })
    expect(unavailable).toBe(false)
  })

  it('flags work that failed with a connection error, and passes others through', async () => {
    expect((await trackDatabaseAvailability(() => Promise.reject(new DatabaseUnavailableError()))).unavailable).toBe(
      true,
    )
    const other = await trackDatabaseAvailability(() => Promise.reject(new TypeError('bug')))
    expect(other.unavailable).toBe(false)
    expect(other.outcome.status).toBe('rejected')
  })
})
