import { data, redirect } from 'react-router'
import { Container, Text, Title, Button } from '@mantine/core'
import { Link } from 'react-router'
import { z } from '~/lib/zod'
import type { Route } from './+types/favorites'
import { getUser, requireUser } from '~/web/session.server'
import { AssetCard } from '~/components/AssetCard/AssetCard'
import { AssetGrid } from '~/components/AssetGrid/AssetGrid'
import { Pagination } from '~/components/Pagination/Pagination'
import { PreviewFromUrl, withQuery } from '~/components/PreviewFromUrl/PreviewFromUrl'
import { addFavourite, listFavourites, removeFavourite, toggleFavourite } from '~/domain/favourites/favourites.server'
import { getAssetPreview } from '~/domain/catalogue/preview.server'
import { EXPLORE_PAGE_SIZE, SITE_NAME } from '~/lib/constants'
import { parseExploreParams } from '~/lib/explore-params'
import { idSchema } from '~/lib/ids'
import { loginHref, safeRedirectPath } from '~/lib/redirects'
import { servicesContext } from '~/web/context.server'
import { readForm, isDataRequest } from '~/web/http.server'
import { withSharing } from '~/lib/sharing'
import { plural } from '~/lib/plural'

const pageMeta: Route.MetaFunction = () => [
  { title: `Favorites | ${SITE_NAME}` },
  { name: 'description', content: 'The assets you saved.' },
]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url)
  const { db } = context.get(servicesContext)
  const params = parseExploreParams(url.searchParams)
  const [favourites, preview] = await Promise.all([
    listFavourites(db, user.id, { page: params.page, limit: EXPLORE_PAGE_SIZE }),
    params.assetId ? getAssetPreview(db, params.assetId, user) : null,
  ])
  return {
    ...favourites,
    page: params.page,
    pageCount: Math.max(1, Math.ceil(favourites.total / EXPLORE_PAGE_SIZE)),
    preview,
  }
}

const FavouriteForm = z.object({
  asset_id: idSchema(),
  intent: z.enum(['add', 'remove', 'toggle']).default('toggle'),
  redirectTo: z.string().optional(),
})

/**
 * The heart of every card and dialog posts here. A plain form submission comes back to the
 * page it came from; a fetcher (JavaScript) gets the new state as data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request))
  const parsed = FavouriteForm.safeParse(form)
  const back = safeRedirectPath(typeof form.redirectTo === 'string' ? form.redirectTo : null, '/favorites')
  const user = await getUser(request, context)
  // A visitor's heart: sign in first, then the favourite is saved and they are back here.
  if (!user)
    return redirect(
      parsed.success && parsed.data.intent !== 'remove'
        ? loginHref(back, { intent: 'favourite', assetId: parsed.data.asset_id })
        : loginHref(back),
    )
  if (!parsed.success) return data({ ok: false, error: 'Choose an asset to favourite.' }, { status: 400 })
  const { db } = context.get(servicesContext)
  const { asset_id: assetId, intent } = parsed.data
  let outcome: Awaited<ReturnType<typeof toggleFavourite>>
  if (intent === 'add') outcome = await addFavourite(db, user.id, assetId)
  else if (intent === 'remove') {
    await removeFavourite(db, user.id, assetId)
    outcome = { ok: true, value: false }
  } else outcome = await toggleFavourite(db, user.id, assetId)
  if (!outcome.ok) return data({ ok: false, error: 'Asset not found' }, { status: 404 })
  const isFavourite = outcome.value
  if (!isDataRequest(request)) return redirect(back)
  return { ok: true, isFavourite }
}

export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const { assets, total, page, pageCount, preview } = loaderData
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Favorites</Title>
      <Text c="dimmed" mb="lg">
        {plural(total, 'saved asset')}
      </Text>
      {assets.length === 0 ? (
        <div style={{ padding: '48px 0', textAlign: 'center' }}>
          <Text mb="md">You have no favorites yet. Tap the heart on any asset to keep it here.</Text>
          <Button component={Link} to="/explore">
            Explore assets
          </Button>
        </div>
      ) : (
        <AssetGrid>
          {assets.map((asset) => (
            <AssetCard
              key={asset.id}
              asset={asset}
              isFavourite
              previewHref={withQuery('/favorites', page > 1 ? `page=${page}` : '', { assetId: String(asset.id) })}
            />
          ))}
        </AssetGrid>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => (p > 1 ? `/favorites?page=${p}` : '/favorites')} />
      <PreviewFromUrl preview={preview} />
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
