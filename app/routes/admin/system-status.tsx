import { data, Form } from 'react-router'
import { Alert, Badge, Button, Container, Table, Text, Title } from '@mantine/core'
import type { Route } from './+types/system-status'
import { getAdmin } from '~/web/session.server'
import { log } from '~/platform/log.server'
import { jobStatus, systemStatus, type JobStatus } from '~/domain/admin/system-status.server'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { StatusCards } from '~/components/admin/StatusCards/StatusCards'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'
import { WideTable } from '~/components/WideTable/WideTable'

const pageMeta: Route.MetaFunction = () => [{ title: `System Status | Admin | ${SITE_NAME}` }]

const LOAD_FAILED = 'Failed to load system status'

export async function loader({ request, context }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const { db, storage, config, jobs } = context.get(servicesContext)
  // The queue's jobs are read on their own: a queue that cannot be read does not hide the rest.
  const queue = await jobStatus(jobs)
  try {
    return { status: await systemStatus(db, storage, config), queue, error: null }
  } catch (error) {
    log.error('system status failed', { error: errorMessage(error) })
    return data({ status: null, queue, error: LOAD_FAILED }, { status: 503 })
  }
}

export default function SystemStatusPage({ loaderData }: Route.ComponentProps) {
  const { status, queue, error } = loaderData
  return (
    <Container size="lg" py="xl">
      <AdminHeader
        title="System Status"
        lead="Measured now: a database round trip, a test write to storage, the response times and server errors of the recent requests, and the background jobs."
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
            Checked at {status.details.checkedAt.replace('T', ' ').slice(0, 19)} UTC
            {status.details.serverProcess
              ? ` by server process ${status.details.serverProcess.number} of ${status.details.serverProcess.of}: the response time and the error rate are of the requests it answered.`
              : '.'}
          </Text>
        </>
      ) : null}
      <JobList queue={queue} />
    </Container>
  )
}

const JOB_STATE_COLOURS = { queued: 'blue', retrying: 'yellow', running: 'teal', failed: 'red' } as const

/** Background jobs: what waits, what runs and what failed (kept a week), with their age. */
function JobList({ queue }: { queue: JobStatus }) {
  return (
    <section aria-labelledby="jobs-title">
      <Title order={2} fz="h3" mt="xl" mb="xs" id="jobs-title">
        Background jobs
      </Title>
      {!queue.available ? (
        <Alert color="red" role="alert">
          The job queue could not be read.
        </Alert>
      ) : (
        <>
          <Text size="sm" mb="sm" data-testid="job-counts">
            {queue.counts.queued} queued · {queue.counts.running} running · {queue.counts.failed} failed
          </Text>
          {queue.jobs.length === 0 ? (
            <Text size="sm" c="dimmed">
              No job is waiting, running or failed.
            </Text>
          ) : (
            // The failure goes under the job's name, so a phone's width shows it whole.
            <WideTable minWidth={320}>
              <Table verticalSpacing="xs" data-testid="job-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Job</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Age</Table.Th>
                    <Table.Th>Attempts</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {queue.jobs.map((job) => (
                    <Table.Tr key={job.id} data-testid="job-row" data-state={job.state}>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {job.name}
                        </Text>
                        {job.subject ? (
                          <Text size="xs" c="dimmed">
                            {job.subject}
                          </Text>
                        ) : null}
                        {job.error ? (
                          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }} data-testid="job-error">
                            {job.error}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={JOB_STATE_COLOURS[job.state]} variant="light" miw="max-content">
                          {job.state}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <time dateTime={job.createdAt} title={job.createdAt.replace('T', ' ').slice(0, 19)}>
                          {job.age}
                        </time>
                      </Table.Td>
                      <Table.Td>{job.attempts}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          )}
        </>
      )}
    </section>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
