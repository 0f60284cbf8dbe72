import { Form, Link, redirect, useNavigate, useNavigation } from 'react-router'
import { Container, Text } from '@mantine/core'
import { PlainButton } from '~/components/Plain/Plain'
import { Cluster, Heading, Txt } from '~/components/Plain/Typography'
import { CheckField, SelectField, TextField } from '~/components/Plain/Fields'
import { assetCount } from '~/lib/plural'
import type { Route } from './+types/explore'
import { getUser } from '~/web/session.server'
import { AssetCard } from '~/components/AssetCard/AssetCard'
import { AssetGrid } from '~/components/AssetGrid/AssetGrid'
import { Pagination } from '~/components/Pagination/Pagination'
import { PreviewFromUrl } from '~/components/PreviewFromUrl/PreviewFromUrl'
import { favouriteIdsAmong } from '~/domain/favourites/favourites.server'
import { getAssetPreview } from '~/domain/catalogue/preview.server'
import {
  categoryCounts,
  categoryCountsOfType,
  eachWordAlone,
  nearestTerms,
  sharedSearch,
  topTags,
  type searchAssets,
} from '~/domain/catalogue/search.server'
import { sharedResult } from '~/domain/catalogue/shared-results.server'
import { SearchInput } from '~/components/SearchInput/SearchInput'
import {
  ASSET_TYPES,
  ASSET_TYPE_LABELS,
  EXPLORE_PAGE_SIZE,
  RELEVANCE_WITHOUT_WORDS,
  SITE_NAME,
  SORTS,
  SORT_LABELS,
} from '~/lib/constants'
import { exploreUrl, parseExploreParams, type ExploreParams } from '~/lib/explore-params'
import { COLOUR_SWATCHES, ORIENTATIONS, ORIENTATION_LABELS } from '~/lib/colour'
import { servicesContext } from '~/web/context.server'
import { exploreSearch, recordPageSearch } from '~/web/search-log.server'
import { log } from '~/platform/log.server'
import classes from './explore.module.css'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'

const pageMeta: Route.MetaFunction = ({ loaderData }) => {
  const q = loaderData?.params.q
  const title = loaderData?.preview
    ? `${loaderData.preview.asset.title} | ${SITE_NAME}`
    : q
      ? `“${q}” assets | ${SITE_NAME}`
      : `Explore assets | ${SITE_NAME}`
  return [
    { title },
    {
      name: 'description',
      content:
        'Search and browse royalty-free, AI-generated 3D renders, images and audio. Filter by type, category and tags.',
    },
  ]
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const params = parseExploreParams(url.searchParams)
  // A GET form sends its blank fields ('tags=&orientation=', a box of spaces): such an address
  // goes to its short form, the one the page's links and shares use.
  if ([...url.searchParams].some(([name, value]) => !value.trim() || (name === 'tag_match' && value === 'all')))
    throw redirect(exploreUrl(params, { page: params.page }))
  const user = await getUser(request, context)
  let loadFailed = false
  const emptyResult = {
    assets: [],
    total: 0,
    totalCapped: false,
    totalEstimated: false,
    page: params.page,
    pageCount: 1,
    limit: EXPLORE_PAGE_SIZE,
    correctedQuery: null,
  }
  // A failing search shows 'Failed to load assets' on the page rather than an error page.
  // The search is shared by every visitor (decision 92); only the hearts are read per user.
  const query = {
    q: params.q,
    assetType: params.assetType,
    category: params.category || undefined,
    tags: params.tags,
    tagMatch: params.tagMatch,
    colour: params.color || undefined,
    orientation: params.orientation,
    transparentOnly: params.transparent,
    sort: params.sort,
    page: params.page,
    limit: EXPLORE_PAGE_SIZE,
    exact: params.exact,
  }
  const [result, categories, popularTags, preview] = await Promise.all([
    sharedSearch(db, query).catch((error: unknown) => {
      log.error('Failed to load assets', { error: errorMessage(error) })
      loadFailed = true
      return emptyResult as Awaited<ReturnType<typeof searchAssets>>
    }),
    // A type's tab lists the categories holding that type, with its counts.
    (params.assetType ? categoryCountsOfType(db, params.assetType) : categoryCounts(db))
      .then((list) => {
        const shown = list.map(({ category, count }) => ({ category, count }))
        // A category carried over from another tab that holds none of this type stays listed,
        // with its true count, so the select shows what the results are filtered by.
        if (params.category && !shown.some((c) => c.category === params.category)) {
          shown.push({ category: params.category, count: 0 })
          shown.sort((a, b) => a.category.localeCompare(b.category))
        }
        return shown
      })
      .catch(() => []),
    // The filter panel suggests the chosen type's tags ('loop' is no help on the Images tab).
    topTags(db, 24, params.assetType)
      .then((tags) => tags.map(({ tag, count }) => ({ tag, count })))
      .catch(() => []),
    params.assetId ? getAssetPreview(db, params.assetId, user) : null,
  ])
  // A page past the last one (an old link, a hand-typed number) goes to the last page there is,
  // rather than saying '120 assets' over 'No assets found'.
  if (!loadFailed && result.assets.length === 0 && params.page > result.pageCount)
    throw redirect(exploreUrl(params, { page: result.pageCount }))
  // Recorded for the artist's analytics (decision 90), without waiting for the database.
  if (!loadFailed) recordPageSearch(db, request, context, exploreSearch(params, result.total))
  const foundNothing = !loadFailed && result.total === 0 && Boolean(params.q)
  const [favourites, nearest, eachWord] = await Promise.all([
    favouriteIdsAmong(
      db,
      user?.id,
      result.assets.map((a) => a.id),
    ),
    // A search that found nothing offers the catalogue's nearest words, and each of its words
    // alone when it had several.
    foundNothing ? sharedResult(db, `nearest:${params.q}`, () => nearestTerms(db, params.q)).catch(() => []) : [],
    foundNothing ? eachWordAlone(db, query).catch(() => []) : [],
  ])
  return {
    params,
    result,
    categories,
    popularTags,
    preview,
    favouriteIds: [...favourites],
    loadFailed,
    nearest,
    eachWord,
  }
}

export default function ExplorePage({ loaderData }: Route.ComponentProps) {
  const { params, result, categories, popularTags, preview, favouriteIds } = loaderData
  const navigation = useNavigation()
  const navigate = useNavigate()
  const loading =
    navigation.state === 'loading' &&
    navigation.location.pathname === '/explore' &&
    !new URLSearchParams(navigation.location.search).get('assetId')
  const favourites = new Set(favouriteIds)
  const activeCount =
    (params.category ? 1 : 0) +
    params.tags.length +
    (params.color ? 1 : 0) +
    (params.orientation ? 1 : 0) +
    (params.transparent ? 1 : 0)
  const filtersActive = activeCount > 0
  // Colour, shape and transparency describe pictures: the Audio tab leaves them out unless one
  // is already set (then it stays, to be seen and removed).
  const pictureFilters =
    params.assetType !== 'audio' || Boolean(params.color || params.orientation || params.transparent)
  // A category's count is of its type (or the whole catalogue): what choosing it finds only when
  // no words or other filters narrow the results.
  const countsTrue = !params.q && !params.tags.length && !params.color && !params.orientation && !params.transparent

  return (
    <Container size="xl" py="xl">
      <Heading order={1} mb="md">
        Explore assets
      </Heading>

      <Form
        method="get"
        action="/explore"
        className={classes.searchRow}
        role="search"
        aria-label="Search the catalogue"
      >
        <SearchInput
          label="Search"
          placeholder="Search by keyword, tag or category"
          defaultValue={params.q}
          className={classes.grow}
          required
        />
        <KeepParams params={params} except={['q', 'exact']} />
        <PlainButton type="submit">Search</PlainButton>
      </Form>

      <nav aria-label="Asset type" className={classes.tabs}>
        <Link
          to={exploreUrl(params, { assetType: undefined })}
          className={classes.tab}
          aria-current={!params.assetType ? 'page' : undefined}
        >
          All
        </Link>
        {ASSET_TYPES.map((type) => (
          <Link
            key={type}
            to={exploreUrl(params, { assetType: type })}
            className={classes.tab}
            aria-current={params.assetType === type ? 'page' : undefined}
          >
            {ASSET_TYPE_LABELS[type].tab}
          </Link>
        ))}
      </nav>

      <div className={classes.toolbar}>
        <details className={classes.filters} open={filtersActive || undefined}>
          <summary className={classes.filtersButton}>All filters{filtersActive ? ` (${activeCount})` : ''}</summary>
          {/* Keyed by the filters: a select keeps its choice when only its defaultValue changes,
              so after a link to other filters it would show, and apply, the previous ones. */}
          <Form
            method="get"
            action="/explore"
            className={classes.filtersPanel}
            key={panelKey(params)}
            onSubmit={(event) => {
              // Straight to the short address the server would redirect the form's one to.
              event.preventDefault()
              const fields = [...new FormData(event.currentTarget)].flatMap(([name, value]) =>
                typeof value === 'string' ? [[name, value]] : [],
              )
              void navigate(exploreUrl(parseExploreParams(new URLSearchParams(fields)), {}))
            }}
          >
            <KeepParams params={params} except={FILTER_FIELDS} />
            <SelectField
              label="Category"
              name="category"
              defaultValue={params.category}
              data={[
                { value: '', label: 'All categories' },
                ...categories.map((c) => ({
                  value: c.category,
                  label: countsTrue ? `${c.category} (${c.count})` : c.category,
                })),
              ]}
            />
            <TextField label="Tags" name="tags" description="Comma-separated" defaultValue={params.tags.join(', ')} />
            <SelectField
              label="Assets carry"
              name="tag_match"
              defaultValue={params.tagMatch}
              data={[
                { value: 'all', label: 'Every tag' },
                { value: 'any', label: 'Any of the tags' },
              ]}
            />
            {pictureFilters ? <PictureFilters params={params} /> : null}
            <Cluster gap={6} className={classes.tagCloud} role="group" aria-label="Popular tags">
              {popularTags.map((t) => (
                <Link
                  key={t.tag}
                  to={exploreUrl(params, { tags: params.tags.includes(t.tag) ? params.tags : [...params.tags, t.tag] })}
                  className={classes.tagLink}
                >
                  {t.tag}
                </Link>
              ))}
            </Cluster>
            <Cluster>
              <PlainButton type="submit">Apply filters</PlainButton>
              <Link
                to={exploreUrl(params, {
                  category: '',
                  tags: [],
                  color: '',
                  orientation: undefined,
                  transparent: false,
                })}
              >
                Clear filters
              </Link>
            </Cluster>
          </Form>
        </details>

        <Form method="get" action="/explore" className={classes.sortForm}>
          <KeepParams params={params} except={['sort']} />
          <SelectField
            label="Sort by"
            name="sort"
            value={params.sort}
            onChange={(event) =>
              void navigate(exploreUrl(params, { sort: event.currentTarget.value as (typeof SORTS)[number] }))
            }
            data={SORTS.map((s) => ({
              value: s,
              label: s === 'relevance' && !params.q ? RELEVANCE_WITHOUT_WORDS : SORT_LABELS[s],
            }))}
            className={classes.sortSelect}
          />
          <noscript>
            <PlainButton type="submit" variant="default">
              Sort
            </PlainButton>
          </noscript>
        </Form>

        <div className={classes.viewToggle} role="group" aria-label="Layout">
          <Link
            to={exploreUrl(params, { view: 'grid', page: params.page })}
            aria-current={params.view === 'grid' ? 'true' : undefined}
            className={classes.tab}
          >
            Grid
          </Link>
          <Link
            to={exploreUrl(params, { view: 'list', page: params.page })}
            aria-current={params.view === 'list' ? 'true' : undefined}
            className={classes.tab}
          >
            List
          </Link>
        </div>
      </div>

      <div className={classes.countLine}>
        <Txt c="dimmed" size="sm" aria-live="polite">
          {loading
            ? 'Loading assets...'
            : assetCount(result.total, { capped: result.totalCapped, estimated: result.totalEstimated })}
          {!loading && result.correctedQuery ? ` for “${result.correctedQuery}”` : ''}
        </Txt>
        {/* The box refuses blank text: this drops the words and keeps the type, filters and sort. */}
        {params.q ? (
          <Link to={exploreUrl(params, { q: '', exact: false })} className={classes.inlineLink}>
            Clear search
          </Link>
        ) : null}
      </div>
      {!loading && result.correctedQuery ? (
        <Txt mb="md" data-testid="corrected-query">
          Showing results for <strong>{result.correctedQuery}</strong>.{' '}
          <Link to={exploreUrl(params, { exact: true })} className={classes.inlineLink}>
            Search instead for {params.q}
          </Link>
        </Txt>
      ) : null}

      {loaderData.loadFailed ? (
        <Text c="red" role="alert" py="xl" ta="center">
          Failed to load assets
        </Text>
      ) : result.assets.length === 0 ? (
        <div className={classes.empty}>
          <Heading order={2} fz={22}>
            No assets found
          </Heading>
          <Txt c="dimmed" mt="xs">
            We couldn't find any assets matching your search. Try a different keyword.
          </Txt>
          {loaderData.eachWord.length ? (
            // Every word must match: with several, say what each finds alone.
            <nav aria-label="Each word alone" className={classes.suggestionRow}>
              <Txt span fw={600}>
                No asset has all these words. Each alone:
              </Txt>
              {loaderData.eachWord.map((found) => (
                <Link
                  key={found.word}
                  to={exploreUrl(params, { q: found.word, exact: false })}
                  className={classes.tagLink}
                >
                  {found.word} (
                  {assetCount(found.total, {
                    capped: found.totalCapped,
                    estimated: found.totalEstimated,
                  }).toLowerCase()}
                  )
                </Link>
              ))}
            </nav>
          ) : null}
          {loaderData.nearest.length ? (
            // Look-alikes ('hexagon' for 'dragon'), not corrections: a typo's correction is searched.
            <nav aria-label="Nearest words" className={classes.suggestionRow}>
              <Txt span fw={600}>
                Nearest words:
              </Txt>
              {loaderData.nearest.map((term) => (
                <Link key={term} to={exploreUrl(params, { q: term, exact: false })} className={classes.tagLink}>
                  {term}
                </Link>
              ))}
            </nav>
          ) : null}
          {popularTags.length ? (
            <nav aria-label="Popular tags" className={classes.suggestionRow}>
              <Txt span fw={600}>
                Popular tags:
              </Txt>
              {popularTags.slice(0, 10).map((t) => (
                <Link
                  key={t.tag}
                  to={exploreUrl(params, { q: '', exact: false, category: '', tags: [t.tag] })}
                  className={classes.tagLink}
                >
                  {t.tag}
                </Link>
              ))}
            </nav>
          ) : null}
        </div>
      ) : (
        <AssetGrid layout={params.view} loading={loading} testId="results">
          {result.assets.map((asset, index) => (
            <AssetCard
              key={asset.id}
              asset={asset}
              layout={params.view}
              isFavourite={favourites.has(asset.id)}
              previewHref={exploreUrl(params, { assetId: asset.id, page: params.page })}
              loading={index < 4 ? 'eager' : 'lazy'}
              priority={index < 2}
            />
          ))}
        </AssetGrid>
      )}

      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => exploreUrl(params, { page })} />
      <PreviewFromUrl preview={preview} />
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))

/** Colour, orientation and transparency: the filters that describe pictures. */
function PictureFilters({ params }: { params: ExploreParams }) {
  const activeSwatch = COLOUR_SWATCHES.find((s) => s.name === params.color)
  return (
    <>
      <div role="group" aria-labelledby="colour-filter-label">
        <Txt size="sm" fw={500} id="colour-filter-label">
          Colour{params.color ? `: ${activeSwatch?.label ?? `custom #${params.color}`}` : ''}
        </Txt>
        <div className={classes.swatches}>
          {COLOUR_SWATCHES.map((s) => (
            <Link
              key={s.name}
              to={exploreUrl(params, { color: s.name })}
              className={classes.colourSwatch}
              style={{ background: s.hex }}
              aria-label={s.label}
              title={s.label}
              aria-current={params.color === s.name ? 'true' : undefined}
            />
          ))}
          {params.color && !activeSwatch ? (
            // A colour picked from an asset's palette is none of the swatches: it is shown as
            // itself, marked as the current one.
            <span
              role="img"
              className={classes.colourSwatch}
              style={{ background: `#${params.color}` }}
              aria-label={`Custom colour #${params.color}`}
              title={`Custom colour #${params.color}`}
              data-current="true"
              data-testid="custom-colour-swatch"
            />
          ) : null}
        </div>
        {params.color ? (
          <Link to={exploreUrl(params, { color: '' })} className={classes.removeColour}>
            Remove colour
          </Link>
        ) : null}
      </div>
      <SelectField
        label="Orientation"
        name="orientation"
        defaultValue={params.orientation ?? ''}
        data={[
          { value: '', label: 'Any orientation' },
          ...ORIENTATIONS.map((o) => ({ value: o, label: ORIENTATION_LABELS[o] })),
        ]}
      />
      <CheckField
        label="Transparent background only"
        name="transparent"
        value="1"
        defaultChecked={params.transparent}
      />
    </>
  )
}

/** The filters the panel's fields show: a new panel when they change. */
function panelKey(params: ExploreParams): string {
  const { category, tags, tagMatch, orientation, transparent } = params
  return JSON.stringify([category, tags, tagMatch, orientation, transparent])
}

/** The fields the filter panel sets itself; everything else of the page's state it keeps. */
const FILTER_FIELDS = ['category', 'tags', 'tag_match', 'orientation', 'transparent']

/**
 * Hidden fields for the page's state that a form does not set itself, written as exploreUrl
 * writes the address, so each form keeps the words, type, filters, sort and view it does not
 * change (a new search, filter or sort starts again at page 1, with no dialog open).
 */
function KeepParams({ params, except }: { params: ExploreParams; except: string[] }) {
  const kept = new URL(exploreUrl(params, { assetId: undefined }), 'http://localhost').searchParams
  return (
    <>
      {[...kept]
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  )
}
