import { data, Form } from 'react-router'
import { Alert, Button, Container, Text } from '@mantine/core'
import type { Route } from './+types/system-status'
import { getAdmin } from '~/web/session.server'
import { log } from '~/platform/log.server'
import { systemStatus } from '~/domain/admin/system-status.server'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { StatusCards } from '~/components/admin/StatusCards/StatusCards'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'

const pageMeta: Route.MetaFunction = () => [{ title: `System Status | Admin | ${SITE_NAME}` }]

const LOAD_FAILED = 'Failed to load system status'

export async function loader({ request, context }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const { db, storage, config } = context.get(servicesContext)
  try {
    return { status: await systemStatus(db, storage, config), error: null }
  } catch (error) {
    log.error('system status failed', { error: errorMessage(error) })
    return data({ status: null, error: LOAD_FAILED }, { status: 503 })
  }
}

export default function SystemStatusPage({ loaderData }: Route.ComponentProps) {
  const { status, error } = loaderData
  return (
    <Container size="lg" py="xl">
      <AdminHeader
        title="System Status"
        lead="Measured now: a database round trip, a test write to storage, and the response times and server errors of the recent requests."
        actions={
          // A GET form: reloading the page measures again, with or without JavaScript.
          <Form method="get">
            <Button type="submit" variant="light">
              Check again
            </Button>
          </Form>
        }
      />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {status ? (
        <>
          <StatusCards status={status} />
          <Text size="sm" c="dimmed" mt="md">
            Checked at {status.details.checkedAt.replace('T', ' ').slice(0, 19)} UTC.
          </Text>
        </>
      ) : null}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
