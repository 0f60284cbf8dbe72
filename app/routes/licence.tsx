import { Anchor, Badge, Button, Code, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { data, Link } from 'react-router'
import { Fact } from '~/components/Fact/Fact'
import type { Route } from './+types/licence'
import { findLicence, LICENCE_NOT_FOUND } from '~/domain/licences/licences.server'
import { SITE_NAME } from '~/lib/constants'
import { formatScheduleTime } from '~/lib/schedule-time'
import {
  formatIssued,
  LICENCE_ALLOWS,
  LICENCE_NEEDS_PERMISSION,
  LICENCE_NEVER,
  LICENCE_TERMS,
} from '~/lib/licence-terms'
import { servicesContext } from '~/web/context.server'

const NOT_FOUND = `${LICENCE_NOT_FOUND}.`

// GET /licenses/{licenseId}: the verification page, for anyone who has the id.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const origin = config.appUrl
  const licence = await findLicence(db, params.licenseId)
  if (!licence) throw data(NOT_FOUND, { status: 404 })
  return { licence, origin }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData || !('licence' in loaderData)) return [{ title: `Licence not found | ${SITE_NAME}` }]
  const { licence } = loaderData
  return [
    { title: `Licence ${licence.licenseId} for ${licence.asset.title} | ${SITE_NAME}` },
    { name: 'description', content: `A valid ${SITE_NAME} licence for ${licence.asset.title}.` },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function LicencePage({ loaderData }: Route.ComponentProps) {
  if (!('licence' in loaderData)) return null
  const { licence } = loaderData
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
            Licence certificate
          </Text>
          <Title order={1}>{licence.licenseId}</Title>
        </div>
        <Paper withBorder p="md" radius="md" role="status">
          <Group gap="sm">
            <Badge color="teal" size="lg" variant="filled">
              Valid licence
            </Badge>
            <Text>
              This licence was granted by {SITE_NAME} to {licence.licensee} on {formatIssued(licence.issuedAt)}.
            </Text>
          </Group>
        </Paper>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {licence.asset.thumbnail ? (
            <img
              src={licence.asset.thumbnail}
              alt=""
              width={160}
              height={160}
              style={{ objectFit: 'contain', borderRadius: 8, background: 'var(--app-surface-strong)' }}
            />
          ) : null}
          <Stack gap={4} style={{ flex: '1 1 16rem' }}>
            <Text size="sm" c="dimmed">
              Asset
            </Text>
            <Title order={2} size="h3">
              {licence.asset.url ? (
                <Anchor component={Link} to={licence.asset.url}>
                  {licence.asset.title}
                </Anchor>
              ) : (
                licence.asset.title
              )}
            </Title>
            {licence.asset.url ? null : licence.asset.publicAt ? (
              <Text size="sm" c="dimmed">
                In{' '}
                <Anchor component={Link} to="/early-access">
                  early access
                </Anchor>{' '}
                for Pro members; in the library for everyone from {formatScheduleTime(licence.asset.publicAt, 'UTC')}.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                No longer in the library; the licence stands.
              </Text>
            )}
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label="Licensee">{licence.licensee}</Fact>
          <Fact label="Issued (UTC)">
            <time dateTime={licence.issuedAt}>{formatIssued(licence.issuedAt)}</time>
          </Fact>
          <Fact label="Plan at the time">{licence.plan === 'pro' ? 'Pro' : 'Free'}</Fact>
          <Fact label="File">{licence.variant}</Fact>
          <Fact label="Terms">
            <Anchor component={Link} to={LICENCE_TERMS.url}>
              {licence.termsLabel}
            </Anchor>
          </Fact>
          <Fact label="SHA-256 of the file">
            <Code style={{ wordBreak: 'break-all' }}>{licence.sha256}</Code>
          </Fact>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <div>
            <Title order={2} size="h4" mb="xs">
              Allowed
            </Title>
            <ul>
              {LICENCE_ALLOWS.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div>
            <Title order={2} size="h4" mb="xs">
              Needs written permission
            </Title>
            <ul>
              {LICENCE_NEEDS_PERMISSION.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {LICENCE_NEVER} The{' '}
          <Anchor component={Link} to={LICENCE_TERMS.url}>
            licence agreement
          </Anchor>{' '}
          is the full text and prevails.
        </Text>
        <Group>
          <Button component="a" href={`${licence.verifyPath}.pdf`} download>
            Download certificate (PDF)
          </Button>
          <Text size="sm" c="dimmed">
            Anyone with this page's address can check the licence.
          </Text>
        </Group>
      </Stack>
    </Container>
  )
}
