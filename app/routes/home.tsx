import type { Route } from './+types/home'
import { JsonLd } from '~/components/JsonLd/JsonLd'
import { webSite } from '~/lib/structured-data'
import { getUser } from '~/web/session.server'
import { AboutCreator } from '~/components/home/AboutCreator/AboutCreator'
import { BrowseByTag } from '~/components/home/BrowseByTag/BrowseByTag'
import { CollectionsStrip } from '~/components/home/CollectionsStrip/CollectionsStrip'
import { FaqSection } from '~/components/home/FaqSection/FaqSection'
import { FreshFromStudio } from '~/components/home/FreshFromStudio/FreshFromStudio'
import { COLLAGE_SIZE, FLOATING_SIZE, Hero } from '~/components/home/Hero/Hero'
import { PromoSections } from '~/components/home/PromoSections/PromoSections'
import { StatsSection } from '~/components/home/StatsSection/StatsSection'
import { Testimonials } from '~/components/home/Testimonials/Testimonials'
import { WhatIs } from '~/components/home/WhatIs/WhatIs'
import { WhyChooseUs } from '~/components/home/WhyChooseUs/WhyChooseUs'
import { PreviewFromUrl } from '~/components/PreviewFromUrl/PreviewFromUrl'
import { favouriteIdsAmong } from '~/domain/favourites/favourites.server'
import { getAssetPreview } from '~/domain/catalogue/preview.server'
import { listKits } from '~/domain/collections/collections.server'
import { sharedSearch, topTags } from '~/domain/catalogue/search.server'
import { HERO_STRIP_SIZE, HOME_GRID_SIZE, SITE_NAME, TOP_TAGS } from '~/lib/constants'
import { parseExploreParams } from '~/lib/explore-params'
import { parseFaqCategory } from '~/lib/faq'
import { servicesContext } from '~/web/context.server'
import { log } from '~/platform/log.server'
import type { AssetView } from '~/lib/asset-view'
import { withSharing } from '~/lib/sharing'
import { TESTIMONIALS } from '~/lib/testimonials'
import { errorMessage } from '~/lib/errors'

/** The artist's kits on the home page's collections strip. */
const HOME_KITS = 3

const pageMeta: Route.MetaFunction = () => [
  { title: `${SITE_NAME}: where AI becomes the artist` },
  {
    name: 'description',
    content:
      'Royalty-free, AI-generated 3D renders, images and audio, made and curated by one artist. Free for commercial use, no attribution needed.',
  },
]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const params = parseExploreParams(url.searchParams)
  const user = await getUser(request, context)
  // A failing asset query leaves its section empty, logged as 'Failed to fetch assets:'.
  const assetsOrEmpty = (query: Parameters<typeof sharedSearch>[1]) =>
    sharedSearch(db, query).catch((error: unknown) => {
      log.error('Failed to fetch assets:', { error: errorMessage(error) })
      return { assets: [] as AssetView[] }
    })
  const [featured, strip, grid, tags, preview, kits] = await Promise.all([
    assetsOrEmpty({ assetType: '3d', sort: 'downloads', limit: COLLAGE_SIZE + FLOATING_SIZE }),
    assetsOrEmpty({ sort: 'downloads', page: 2, limit: HERO_STRIP_SIZE }),
    assetsOrEmpty({ sort: 'newest', limit: HOME_GRID_SIZE }),
    topTags(db, TOP_TAGS).catch(() => []),
    params.assetId ? getAssetPreview(db, params.assetId, user) : null,
    // The same for everyone (the page is cached for visitors): no viewer.
    listKits(db, null, { limit: HOME_KITS }).catch((error: unknown) => {
      log.error('Failed to fetch kits:', { error: errorMessage(error) })
      return []
    }),
  ])
  const favourites = await favouriteIdsAmong(
    db,
    user?.id,
    grid.assets.map((a) => a.id),
  )
  return {
    collage: featured.assets.slice(0, COLLAGE_SIZE),
    floating: featured.assets.slice(COLLAGE_SIZE),
    strip: strip.assets,
    kits: kits.map(({ id, name, assetCount, cover }) => ({ id, name, assetCount, cover })),
    grid: grid.assets,
    tags,
    preview,
    favouriteIds: [...favourites],
    faq: parseFaqCategory(url.searchParams.get('faq')),
    // Made here, so the structured data's code stays out of the page's scripts.
    webSite: webSite(config.appUrl),
    // The quotes come with the page's data, not its scripts: every first visit loads those.
    testimonials: TESTIMONIALS,
  }
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { collage, floating, strip, kits, grid, tags, preview, favouriteIds, faq, testimonials } = loaderData
  const favourites = new Set(favouriteIds)
  return (
    <>
      <JsonLd data={loaderData.webSite} />
      <Hero collage={collage} floating={floating} />
      <WhyChooseUs />
      <WhatIs />
      <PromoSections />
      <Testimonials testimonials={testimonials} />
      <FaqSection activeCategory={faq} />
      <CollectionsStrip assets={strip} kits={kits} />
      <BrowseByTag tags={tags} />
      <StatsSection />
      <FreshFromStudio assets={grid} favourites={favourites} />
      <AboutCreator />
      <PreviewFromUrl preview={preview} />
    </>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
