import { Alert, Anchor, Button, Code, Container, Group, SimpleGrid, TextInput } from '@mantine/core'
import { Form, Link } from 'react-router'
import { Fact } from '~/components/Fact/Fact'
import type { Route } from './+types/licences'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { licenceForAdmin } from '~/domain/licences/licences.server'
import { SITE_NAME } from '~/lib/constants'
import { formatIssued } from '~/lib/licence-terms'
import { servicesContext } from '~/web/context.server'
import { getAdmin } from '~/web/session.server'

export const meta: Route.MetaFunction = () => [{ title: `Licences | Admin | ${SITE_NAME}` }]

// A licence by its id, for the admin: the facts anyone can check, and whose it is.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const id = (url.searchParams.get('id') ?? '').trim().toUpperCase()
  if (!id) return { id, found: null, missing: false }
  const found = await licenceForAdmin(context.get(servicesContext).db, id)
  return { id, found, missing: !found }
}

export default function AdminLicencesPage({ loaderData }: Route.ComponentProps) {
  const { id, found, missing } = loaderData
  return (
    <Container size="lg" py="xl">
      <AdminHeader title="Licences" lead="Look a licence up by its id (LIC-…), as printed on its certificate." />
      <Form method="get" role="search" aria-label="Find a licence">
        <Group align="flex-end" gap="sm">
          <TextInput name="id" label="Licence id" defaultValue={id} placeholder="LIC-…" w={320} />
          <Button type="submit">Find</Button>
        </Group>
      </Form>
      {missing ? (
        <Alert color="red" mt="lg" role="alert">
          No licence has the id {id}.
        </Alert>
      ) : null}
      {found ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="lg" spacing="md" data-testid="admin-licence">
          <Fact label="Licence">
            <Anchor href={found.licence.verifyPath}>
              <Code>{found.licence.licenseId}</Code>
            </Anchor>{' '}
            <Anchor href={`${found.licence.verifyPath}.pdf`} size="sm">
              PDF
            </Anchor>
          </Fact>
          <Fact label="Asset">
            {found.licence.asset.id ? (
              <Anchor component={Link} to={`/admin/assets?preview=${found.licence.asset.id}`}>
                {found.licence.asset.title}
              </Anchor>
            ) : (
              `${found.licence.asset.title} (deleted)`
            )}
          </Fact>
          <Fact label="Holder">
            {found.holder ? `${found.holder.name || '(no name)'} <${found.holder.email}>` : 'Account deleted'}
          </Fact>
          <Fact label="Shown as">{found.licence.licensee}</Fact>
          <Fact label="Issued (UTC)">{formatIssued(found.licence.issuedAt)}</Fact>
          <Fact label="Plan">{found.licence.plan === 'pro' ? 'Pro' : 'Free'}</Fact>
          <Fact label="File">{found.licence.variant}</Fact>
          <Fact label="Terms">{found.licence.termsLabel}</Fact>
          <Fact label="SHA-256">
            <Code style={{ wordBreak: 'break-all' }}>{found.licence.sha256}</Code>
          </Fact>
        </SimpleGrid>
      ) : null}
    </Container>
  )
}
