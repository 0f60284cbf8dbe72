import { Anchor, Code, Container, Table, Text, Title } from '@mantine/core'
import { data, Link } from 'react-router'
import type { Route } from './+types/profile-licences'
import { Pagination } from '~/components/Pagination/Pagination'
import { licencesOf } from '~/domain/licences/licences.server'
import { SITE_NAME } from '~/lib/constants'
import { plural } from '~/lib/plural'
import { parseId } from '~/lib/ids'
import { formatIssued } from '~/lib/licence-terms'
import { servicesContext } from '~/web/context.server'
import { requireUser } from '~/web/session.server'
import { WideTable } from '~/components/WideTable/WideTable'

export const meta: Route.MetaFunction = () => [
  { title: `Your licences | ${SITE_NAME}` },
  { name: 'robots', content: 'noindex' },
]

// Every licence the user holds, newest first, 20 a page: each links its verification page and
// its certificate.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url)
  const raw = url.searchParams.get('page')
  const page = raw === null ? 1 : parseId(raw)
  if (!page) throw data('Page not found.', { status: 404 })
  const list = await licencesOf(context.get(servicesContext).db, user, page)
  if (page > list.pages) throw data('Page not found.', { status: 404 })
  return list
}

export default function ProfileLicencesPage({ loaderData }: Route.ComponentProps) {
  const { licences, total, page, pages } = loaderData
  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to="/profile" size="sm">
        ← Back to your profile
      </Anchor>
      <Title order={1} mt="xs">
        Your licences
      </Title>
      <Text c="dimmed" mb="lg">
        {total === 0
          ? 'Nothing downloaded yet: every download is granted under a licence, listed here.'
          : `${plural(total, 'licence')}, one for each file you downloaded (an asset taken in two formats or sizes has two). Anyone with a licence's address can check it.`}
      </Text>
      {total > 0 ? (
        <WideTable minWidth={640}>
          <Table striped withTableBorder data-testid="licences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Asset</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Issued (UTC)</Table.Th>
                <Table.Th>Licence</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {licences.map((licence) => (
                <Table.Tr key={licence.licenseId}>
                  <Table.Td>
                    {licence.asset.url ? (
                      <Anchor component={Link} to={licence.asset.url}>
                        {licence.asset.title}
                      </Anchor>
                    ) : (
                      licence.asset.title
                    )}
                    {licence.asset.publicAt ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (early access)
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{licence.variant}</Table.Td>
                  <Table.Td>{formatIssued(licence.issuedAt)}</Table.Td>
                  <Table.Td>
                    <Anchor href={licence.verifyPath}>
                      <Code>{licence.licenseId}</Code>
                    </Anchor>{' '}
                    <Anchor href={`${licence.verifyPath}.pdf`} size="sm">
                      PDF
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : null}
      <Pagination
        page={page}
        pageCount={pages}
        hrefFor={(p) => (p === 1 ? '/profile/licences' : `/profile/licences?page=${p}`)}
      />
    </Container>
  )
}
