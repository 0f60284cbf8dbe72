import type { RouterContextProvider } from 'react-router'
import type { User } from '#db/schema'
import { exportAccountData } from '~/domain/accounts/self-service.server'
import { servicesContext } from '~/web/context.server'

/** 'My data' as a download, for the account settings page's link and the API alike. */
export async function accountExportResponse(context: Readonly<RouterContextProvider>, user: User): Promise<Response> {
  const data = await exportAccountData(context.get(servicesContext).db, user)
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="ai-stock-library-my-data-${data.exported_at.slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  })
}
