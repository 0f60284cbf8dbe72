import { sql } from 'kysely'
import type { Route } from './+types/healthz'
import { servicesContext } from '~/services.server'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  try {
    await sql`select 1`.execute(db)
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return Response.json({ status: 'unavailable', database: 'not answering' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
