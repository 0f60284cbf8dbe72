import { Container, Text, Title } from '@mantine/core'
import type { Route } from './+types/early-access'
import { EarlyAccessList } from '~/components/EarlyAccessList/EarlyAccessList'
import { ButtonLink } from '~/components/Plain/Plain'
import { earlyAccessAssets } from '~/domain/catalogue/early-access.server'
import { PRO_PRICE_USD, SITE_NAME } from '~/lib/constants'
import { EARLY_ACCESS_DAYS, hasEarlyAccess } from '~/lib/early-access'
import { plural } from '~/lib/plural'
import { servicesContext } from '~/web/context.server'
import { getUser } from '~/web/session.server'

export const meta: Route.MetaFunction = () => [
  { title: `Early access | ${SITE_NAME}` },
  {
    name: 'description',
    content: `New assets open to Pro members up to ${EARLY_ACCESS_DAYS} days before everyone else.`,
  },
]

// What is coming, for everyone to see; the assets themselves open only for Pro (their pages
// and downloads check it on the server).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const [user, { coming, total }] = await Promise.all([getUser(request, context), earlyAccessAssets(db)])
  return { coming, total, open: hasEarlyAccess(user), signedIn: Boolean(user) }
}

export default function EarlyAccessPage({ loaderData }: Route.ComponentProps) {
  const { coming, total, open, signedIn } = loaderData
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Early access</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        New assets open to Pro members up to {plural(EARLY_ACCESS_DAYS, 'day')} before they go live for everyone.{' '}
        {total
          ? `${plural(total, 'asset')} ${total === 1 ? 'is' : 'are'} in early access now${total > coming.length ? `; the ${coming.length} going live soonest are below` : ''}.`
          : 'Nothing is in early access right now.'}
      </Text>
      {open ? null : (
        <div data-testid="early-access-offer">
          <Text mb="sm">
            {signedIn
              ? `Go Pro ($${PRO_PRICE_USD} a month) to open and download these now.`
              : `Pro members ($${PRO_PRICE_USD} a month) open and download these now.`}
          </Text>
          <ButtonLink to="/pricing">See Pro</ButtonLink>
        </div>
      )}
      <EarlyAccessList items={coming} open={open} />
    </Container>
  )
}
