import { data, Form, Link, redirect, useRevalidator } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ZodType, z } from 'zod'
import { Alert, Anchor, Avatar, Badge, Button, Container, SimpleGrid, Table } from '@mantine/core'
import { useEffect } from 'react'
import type { Route } from './+types/profile'
import { clearSessionCookie, readSessionToken, requireSignedIn, requireUser } from '~/web/session.server'
import { AccountSettings, type AccountIntent, type AccountReply } from '~/components/AccountSettings/AccountSettings'
import {
  changeName,
  changePassword,
  deleteAccount,
  requestEmailChange,
  signOutOtherSessions,
} from '~/domain/accounts/self-service.server'
import { ChangeEmailSchema, ChangeNameSchema, ChangePasswordSchema, DeleteAccountSchema } from '~/lib/account-schemas'
import { EMAIL_CHANGE_SENT, NAME_CHANGED, PASSWORD_CHANGED, SESSIONS_ENDED } from '~/lib/account-messages'
import { readForm } from '~/web/http.server'
import { checkAccountChangeLimits, rateLimitedReply } from '~/web/rate-limits.server'
import { refusalStatus, type Refusal } from '~/web/refusals.server'
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
import { PROFILE_FAVOURITES, PROFILE_REFRESH_MS, RECENT_DOWNLOADS, SITE_NAME } from '~/lib/constants'
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
    params.assetId ? getAssetPreview(db, params.assetId, user.id) : null,
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
      fullName: user.full_name,
      hasPassword: user.password_hash !== null,
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
    done: DONE[url.searchParams.get('done') ?? ''] ?? null,
  }
}

/** What `?done=` says after an account form has worked (the form redirects here). */
const DONE: Record<string, string> = {
  name: NAME_CHANGED,
  email: EMAIL_CHANGE_SENT,
  password: PASSWORD_CHANGED,
  sessions: SESSIONS_ENDED,
}

const SECRET_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword']
type Outcome = { ok: true } | { ok: false; reason: Refusal; error: string }
const OK: Outcome = { ok: true }

/**
 * One account form: validated, rate-limited when it changes what protects the account, then its
 * domain function. Null when it worked; otherwise the form's reply with the refusal's status.
 */
async function runAccountForm<S extends ZodType>(
  context: Route.ActionArgs['context'],
  userId: string,
  formData: FormData,
  form: { intent: AccountIntent; schema: S; limited: boolean },
  run: (value: z.output<S>) => Promise<Outcome>,
) {
  const submission = parseWithZod(formData, { schema: form.schema })
  const reply = (formErrors?: string[]): AccountReply => ({
    intent: form.intent,
    result: submission.reply({ formErrors, hideFields: SECRET_FIELDS }),
  })
  if (submission.status !== 'success') return data(reply(), { status: 400 })
  if (form.limited) {
    const limited = await checkAccountChangeLimits(context, userId)
    if (!limited.ok) return rateLimitedReply(reply([limited.error]), limited)
  }
  const result = await run(submission.value)
  return result.ok ? null : data(reply([result.error]), { status: refusalStatus(result.reason) })
}

/** The account forms: each calls its one domain function, the same the JSON API calls. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser(request, context, url)
  const { db, config } = context.get(servicesContext)
  const formData = await readForm(request)
  const keepSessionToken = readSessionToken(request)
  const done = (what: AccountIntent) => redirect(`/profile?done=${what}#account`)
  switch (formData.get('intent')) {
    case 'name':
      return (
        (await runAccountForm(
          context,
          user.id,
          formData,
          { intent: 'name', schema: ChangeNameSchema, limited: false },
          async (value) => {
            await changeName(db, user.id, value.fullName)
            return OK
          },
        )) ?? done('name')
      )
    case 'email':
      return (
        (await runAccountForm(
          context,
          user.id,
          formData,
          { intent: 'email', schema: ChangeEmailSchema, limited: true },
          (value) => requestEmailChange(db, config, user, value),
        )) ?? done('email')
      )
    case 'password':
      return (
        (await runAccountForm(
          context,
          user.id,
          formData,
          { intent: 'password', schema: ChangePasswordSchema, limited: true },
          (value) => changePassword(db, user, { ...value, keepSessionToken }),
        )) ?? done('password')
      )
    case 'sessions':
      await signOutOtherSessions(db, user.id, keepSessionToken)
      return done('sessions')
    case 'delete':
      return (
        (await runAccountForm(
          context,
          user.id,
          formData,
          { intent: 'delete', schema: DeleteAccountSchema, limited: true },
          (value) => deleteAccount(db, config, user, value.currentPassword),
        )) ?? redirect('/login?alert=account_deleted', { headers: { 'Set-Cookie': clearSessionCookie(context) } })
      )
    default:
      throw data('Unknown form.', { status: 400 })
  }
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, quota, totalDownloads, recent, favourites, billing, preview, checkout, done } = loaderData
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
      {done ? (
        <Alert color="green" mb="md" role="status">
          {done}
        </Alert>
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
              Ends on {formatDate(user.endsAt)}
            </Txt>
          ) : user.renewsAt ? (
            <Txt size="xs" c="dimmed" mt={4}>
              Renews on {formatDate(user.renewsAt)}
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
                      {formatDate(item.downloaded_at)}
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
                    <Table.Td>{formatDate(item.date)}</Table.Td>
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
            <Button component="a" href="#account" variant="default">
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

        <AccountSettings
          fullName={user.fullName}
          email={user.email}
          hasPassword={user.hasPassword}
          reply={actionData}
        />
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
