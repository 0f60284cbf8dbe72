import { Form, Link, useRevalidator } from 'react-router'
import { formatDay, formatShortDay } from '~/lib/dates'
import { Anchor, Avatar, Badge, Button, Container, SimpleGrid, Table } from '@mantine/core'
import { useEffect } from 'react'
import type { Route } from './+types/profile'
import { requireSignedIn } from '~/web/session.server'
import { AssetCard } from '~/components/AssetCard/AssetCard'
import { Cluster, Column, Heading, Panel, Txt } from '~/components/Plain/Typography'
import { AssetGrid } from '~/components/AssetGrid/AssetGrid'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { PreviewFromUrl, withQuery } from '~/components/PreviewFromUrl/PreviewFromUrl'
import { billingHistory } from '~/domain/billing/billing.server'
import { downloadHistory, quotaOf, totalDownloads } from '~/domain/downloads/downloads.server'
import { listFavourites } from '~/domain/favourites/favourites.server'
import { log } from '~/platform/log.server'
import { getAssetPreview } from '~/domain/catalogue/preview.server'
import { ACCOUNT_PATH, PROFILE_FAVOURITES, PROFILE_REFRESH_MS, RECENT_DOWNLOADS, SITE_NAME } from '~/lib/constants'
import { licencePath } from '~/lib/licence-id'
import { quotaTile } from '~/lib/quota'
import { parseExploreParams } from '~/lib/explore-params'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'

const pageMeta: Route.MetaFunction = () => [
  { title: `Your profile | ${SITE_NAME}` },
  { name: 'description', content: 'Your downloads, favourites, plan and billing.' },
]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(request, context, url)
  const { user } = signedIn
  const { db } = context.get(servicesContext)
  const params = parseExploreParams(url.searchParams)
  const quota = quotaOf(signedIn)
  const [total, recent, billing, preview] = await Promise.all([
    totalDownloads(db, user.id),
    downloadHistory(db, user.id, RECENT_DOWNLOADS),
    billingHistory(db, user.id),
    params.assetId ? getAssetPreview(db, params.assetId, user) : null,
  ])
  // Favourites can fail on their own and say so, without taking the profile down.
  let favourites: Awaited<ReturnType<typeof listFavourites>> | null = null
  try {
    favourites = await listFavourites(db, user.id, { limit: PROFILE_FAVOURITES })
  } catch (error) {
    log.error('profile favourites failed', { error: errorMessage(error) })
  }
  return {
    user: {
      name: user.full_name || user.email,
      email: user.email,
      plan: user.plan,
      administrator: user.role === 'admin',
      renewsAt: user.subscription_renews_at?.toISOString() ?? null,
      endsAt: user.subscription_ends_at?.toISOString() ?? null,
    },
    quota,
    totalDownloads: total,
    recent,
    favourites,
    billing,
    preview,
    checkout: url.searchParams.get('checkout'),
  }
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { user, quota, totalDownloads, recent, favourites, billing, preview, checkout } = loaderData
  const revalidator = useRevalidator()
  useEffect(() => {
    // The dashboard refreshes every 60 seconds while the tab is visible.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void revalidator.revalidate()
    }, PROFILE_REFRESH_MS)
    return () => clearInterval(timer)
  }, [revalidator])

  return (
    <Container size="lg" py="xl">
      <Heading order={1} mb="lg">
        Your profile
      </Heading>
      {checkout === 'success' ? (
        <Txt c="green" mb="md" role="status">
          Thank you! Your Pro plan is being activated; it shows here within a moment.
        </Txt>
      ) : null}
      <Panel p="lg" mb="lg">
        <Cluster>
          <Avatar size={56} radius="xl" color="indigo" aria-hidden="true">
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
          <div>
            <Txt fw={700} size="lg" data-testid="profile-name">
              {user.name}
            </Txt>
            <Txt c="dimmed">{user.email}</Txt>
          </div>
        </Cluster>
      </Panel>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="xl">
        <Tile label="Total Downloads" value={totalDownloads.toLocaleString('en-US')} testId="tile-downloads" />
        <Tile
          label="Favorites"
          value={favourites ? favourites.total.toLocaleString('en-US') : '–'}
          testId="tile-favorites"
        />
        <Tile label="Daily Quota" {...quotaTile(quota)} testId="tile-quota" />
        <Panel p="md" data-testid="tile-plan">
          <Txt size="sm" c="dimmed">
            Current Plan
          </Txt>
          <Cluster justify="space-between" mt={4}>
            <Txt fw={700} size="xl">
              {user.plan === 'pro' ? 'Pro' : 'Free'}
            </Txt>
            {user.administrator && user.plan === 'free' ? (
              // Nothing to upgrade to: an administrator's downloads have no daily limit.
              <Badge color="gray">Administrator</Badge>
            ) : user.plan === 'free' ? (
              <Button component={Link} to="/pricing" size="xs">
                Upgrade
              </Button>
            ) : (
              <Badge color="indigo">Pro</Badge>
            )}
          </Cluster>
          {user.plan === 'pro' ? (
            <Form method="post" action="/billing/portal">
              <Button type="submit" variant="subtle" size="compact-xs" mt={6} px={0}>
                Manage subscription
              </Button>
            </Form>
          ) : null}
          {user.endsAt ? (
            <Txt size="xs" c="dimmed" mt={4}>
              Ends on {formatDay(user.endsAt)}
            </Txt>
          ) : user.renewsAt ? (
            <Txt size="xs" c="dimmed" mt={4}>
              Renews on {formatDay(user.renewsAt)}
            </Txt>
          ) : null}
        </Panel>
      </SimpleGrid>

      <Column gap="xl">
        <section aria-labelledby="favorites-heading">
          <Cluster justify="space-between" mb="sm">
            <Heading order={2} fz={22} id="favorites-heading">
              Favorites
            </Heading>
            <Button component={Link} to="/favorites" variant="subtle">
              View All
            </Button>
          </Cluster>
          {!favourites ? (
            <Txt c="red">Failed to load favorites</Txt>
          ) : favourites.assets.length === 0 ? (
            <Txt c="dimmed">
              No favorites yet. <Link to="/explore">Explore assets</Link> and tap the heart to keep them here.
            </Txt>
          ) : (
            <AssetGrid>
              {favourites.assets.map((asset) => (
                <AssetCard
                  key={asset.id}
                  asset={asset}
                  isFavourite
                  previewHref={withQuery('/profile', '', { assetId: String(asset.id) })}
                />
              ))}
            </AssetGrid>
          )}
        </section>

        <section aria-labelledby="downloads-heading">
          <Cluster justify="space-between" align="baseline" mb="sm">
            <Heading order={2} fz={22} id="downloads-heading">
              Recent Downloads
            </Heading>
            <Anchor component={Link} to="/profile/licences" size="sm">
              All your licences
            </Anchor>
          </Cluster>
          {recent.length === 0 ? (
            <Txt c="dimmed">Nothing downloaded yet.</Txt>
          ) : (
            <Column
              gap="xs"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              data-testid="recent-downloads"
            >
              {recent.map((item) => (
                <Cluster key={item.id} component="li" gap="md">
                  <div style={{ width: 48, height: 48, borderRadius: 8, background: 'var(--app-surface-strong)' }}>
                    {item.image ? (
                      <AssetImage src={item.image} alt="" style={{ width: 48, height: 48, objectFit: 'contain' }} />
                    ) : null}
                  </div>
                  <div>
                    {item.asset_id ? (
                      <Link to={`/assets/${item.asset_id}`}>{item.title}</Link>
                    ) : (
                      <Txt span>{item.title}</Txt>
                    )}
                    <Txt size="xs" c="dimmed">
                      {formatShortDay(item.downloaded_at)}
                      {item.removed ? ' · Removed from the library (your licence still holds)' : ''}
                    </Txt>
                    {item.licenseId ? (
                      <Txt size="xs">
                        <Anchor href={licencePath(item.licenseId)}>Licence {item.licenseId}</Anchor>
                        {' · '}
                        <Anchor href={`${licencePath(item.licenseId)}.pdf`}>Certificate (PDF)</Anchor>
                      </Txt>
                    ) : null}
                  </div>
                </Cluster>
              ))}
            </Column>
          )}
        </section>

        <section aria-labelledby="billing-heading">
          <Heading order={2} fz={22} id="billing-heading" mb="sm">
            Billing History
          </Heading>
          {billing.length === 0 ? (
            <Txt c="dimmed">No payments yet.</Txt>
          ) : (
            <Table striped withTableBorder data-testid="billing-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {billing.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two payments may share a date; the history never reorders
                  <Table.Tr key={`${item.date}-${i}`}>
                    <Table.Td>{item.description}</Table.Td>
                    <Table.Td>{formatShortDay(item.date)}</Table.Td>
                    <Table.Td>
                      {item.amount.toLocaleString('en-US', {
                        style: 'currency',
                        currency: (item.currency || 'usd').toUpperCase(),
                      })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </section>

        <section aria-labelledby="quick-actions-heading">
          <Heading order={2} fz={22} id="quick-actions-heading" mb="sm">
            Quick Actions
          </Heading>
          <Cluster>
            <Button component={Link} to={ACCOUNT_PATH} variant="default">
              Account Settings
            </Button>
            {/* Shown disabled: these screens do not exist yet. */}
            <Button variant="default" disabled>
              Download History
            </Button>
            <Button variant="default" disabled>
              Usage Statistics
            </Button>
          </Cluster>
        </section>
      </Column>
      <PreviewFromUrl preview={preview} />
    </Container>
  )
}

function Tile({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Panel p="md" data-testid={testId}>
      <Txt size="sm" c="dimmed">
        {label}
      </Txt>
      <Txt fw={700} size="xl" mt={4}>
        {value}
      </Txt>
      {note ? (
        <Txt size="xs" c="dimmed" mt={4}>
          {note}
        </Txt>
      ) : null}
    </Panel>
  )
}

export function ErrorBoundary() {
  return (
    <Container size="lg" py="xl">
      <Heading order={1} mb="md">
        Your profile
      </Heading>
      <Txt c="red">Failed to load profile</Txt>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
