import { Anchor, Code, Table, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/api-docs'
import { ApiCallReference, apiCallAnchor } from '~/components/ApiCallReference/ApiCallReference'
import { DocumentPage, type DocumentSection } from '~/components/DocumentPage/DocumentPage'
import { API_CALLS, API_GROUPS, API_MAX_LIMIT, API_STATUS_CODES, type ApiGroup } from '~/lib/api-reference'
import { FREE_DAILY_DOWNLOADS, SESSION_DAYS, SITE_NAME } from '~/lib/constants'
import { withSharing } from '~/lib/sharing'
import { WideTable } from '~/components/WideTable/WideTable'

const pageMeta: Route.MetaFunction = () => [
  { title: `API | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'The JSON API of AI Stock Library: search assets and tags, read the blog, sign in, and download and favourite assets; the admin calls too. OpenAPI 3.1 document included.',
  },
]

const GROUP_INTROS: Record<ApiGroup, string> = {
  Assets: 'Public: no token needed. Only published assets are listed.',
  Authentication: 'Get a token with your email and password, and check whom it belongs to.',
  Account:
    'Your own account, as on your account settings page: name, email (confirmed by a link), password, other sessions, your data, and deleting the account.',
  Downloads: `Downloads follow your plan: the Free plan allows ${FREE_DAILY_DOWNLOADS} per UTC day, Pro has no daily limit.`,
  Licences:
    'Public: every download is granted under a licence, and anyone with its id can check it (the verification page and its PDF certificate say the same).',
  Favorites: 'The assets saved to your account; the same list as the Favorites page.',
  Collections:
    'Your named collections (private unless made public) and the artist’s kits: the same rules as the pages. Another person’s private collection answers 404, as a missing one does.',
  Billing: 'Payments for Pro, as shown on your profile.',
  Blog: 'Public: no token needed.',
  Admin:
    'Admin only: the calls behind the admin screens. Get a token from POST /api/admin/login with an admin account; without a token these calls answer 401, with a token of any other account 403.',
  Integrations:
    'Called by other services and by browsers, not by your scripts: Stripe’s webhook, the way back from Google sign-in, and the OpenAPI document.',
}

const OVERVIEW: DocumentSection[] = [
  {
    id: 'overview',
    title: 'Overview',
    content: (
      <>
        <p>
          The API lets scripts and apps search the catalogue, read the blog, and download and favourite assets for a
          signed-in account. Every call goes to this site's own address, under <Code>/api</Code>, and answers JSON.
          Request bodies are JSON too: send <Code>Content-Type: application/json</Code>.
        </p>
        <p>
          The whole API is also described as an OpenAPI 3.1 document at{' '}
          <Anchor href="/api/openapi.json">/api/openapi.json</Anchor>, which you can load into your API client or code
          generator.
        </p>
        <p>
          Assets you download through the API are covered by the{' '}
          <Anchor component={Link} to="/license">
            License Agreement
          </Anchor>
          , like any other download: commercial use with no attribution, while resale, redistribution, NFT use and
          AI-training use need written permission. Bulk downloading outside your plan is not allowed by the{' '}
          <Anchor component={Link} to="/terms">
            Terms of Service
          </Anchor>
          .
        </p>
        <Text fw={600} mt="md" mb={4}>
          Example
        </Text>
        <Code
          block
          tabIndex={0}
        >{`curl 'https://<this site>/api/assets?search=robot&asset_type=3d&sort=downloads&limit=10'`}</Code>
      </>
    ),
  },
  {
    id: 'bearer-tokens',
    title: 'Bearer tokens',
    content: (
      <>
        <p>
          Calls marked <strong>Bearer token</strong> act for an account. Get a token from{' '}
          <Anchor href={`#${apiCallAnchor({ method: 'POST', path: '/api/auth/login' })}`}>POST /api/auth/login</Anchor>{' '}
          and send it with every such call:
        </p>
        <Code block tabIndex={0}>
          Authorization: Bearer &lt;token&gt;
        </Code>
        <p style={{ marginTop: 12 }}>
          Calls marked <strong>Admin only</strong> need the token of an admin account, from{' '}
          <Anchor href={`#${apiCallAnchor({ method: 'POST', path: '/api/admin/login' })}`}>
            POST /api/admin/login
          </Anchor>
          .
        </p>
        <p style={{ marginTop: 12 }}>
          A token is valid for up to {SESSION_DAYS} days. Keep it secret: it gives the same access as your password.
          Without a valid token these calls answer <Code>401</Code>.
        </p>
      </>
    ),
  },
  {
    id: 'errors',
    title: 'Errors and status codes',
    content: (
      <>
        <p>
          Every error answer has the same shape: a message you can show to a person and, when the request was refused
          for a reason your code can act on, that reason in kebab-case:
        </p>
        <Code block tabIndex={0}>{`{ "error": "Download quota exceeded", "reason": "quota-exceeded" }`}</Code>
        <WideTable minWidth={420} mt="md">
          <Table withTableBorder verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Th>Meaning</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {API_STATUS_CODES.map((s) => (
                <Table.Tr key={s.status}>
                  <Table.Td>
                    <Code>{s.status}</Code>
                  </Table.Td>
                  <Table.Td>{s.meaning}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      </>
    ),
  },
  {
    id: 'paging',
    title: 'Paging, limits and caching',
    content: (
      <ul>
        <li>
          <Code>GET /api/assets</Code> answers one page at a time: <Code>page</Code> from 1, <Code>limit</Code> up to{' '}
          {API_MAX_LIMIT} (a larger value answers 400). The answer carries <Code>total</Code>, <Code>page</Code>,{' '}
          <Code>limit</Code> and <Code>pageCount</Code>.
        </li>
        <li>
          Totals of more than about 1,000 matches are estimates rounded to two figures (<Code>totalEstimated</Code> is{' '}
          <Code>true</Code>); smaller ones are counted exactly. Pages stop at the 10,000th match. Narrow the search to
          see more.
        </li>
        <li>
          A search whose words find nothing is tried once more with each unknown word corrected to the library's nearest
          word a typo away ('robto' becomes 'robot'); <Code>correctedQuery</Code> then names the words searched for, and{' '}
          <Code>exact=true</Code> searches the words as typed.
        </li>
        <li>Public listings may be cached briefly; the Cache-Control of each is given with its answers below.</li>
        <li>Sign-in attempts are rate-limited and answer 429 when there are too many.</li>
      </ul>
    ),
  },
]

const GROUP_SECTIONS: DocumentSection[] = API_GROUPS.map((group) => ({
  id: group.toLowerCase(),
  title: group,
  content: (
    <>
      <p>{GROUP_INTROS[group]}</p>
      {API_CALLS.filter((call) => call.group === group).map((call) => (
        <ApiCallReference key={`${call.method} ${call.path}`} call={call} />
      ))}
    </>
  ),
}))

export default function ApiDocsPage() {
  return (
    <DocumentPage
      title="API"
      intro={
        <Text inherit>
          The JSON API of {SITE_NAME}: the public calls, then the admin-only ones. Machine-readable version:{' '}
          <Anchor href="/api/openapi.json">OpenAPI 3.1 document (/api/openapi.json)</Anchor>.
        </Text>
      }
      sections={[...OVERVIEW, ...GROUP_SECTIONS]}
    />
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
