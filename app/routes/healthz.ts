import { databaseAnswers } from '#db/client'
import type { Route } from './+types/healthz'
import { servicesContext } from '~/services.server'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  if (await databaseAnswers(db)) return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  return Response.json({ status: 'unavailable', database: 'not answering' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
}
