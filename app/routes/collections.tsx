import { Anchor, Container, SimpleGrid, Text, Title } from '@mantine/core'
import { data, Link, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Route } from './+types/collections'
import { CollectionTile } from '~/components/CollectionTile/CollectionTile'
import { KitTile } from '~/components/KitTile/KitTile'
import { NewCollectionForm } from '~/components/NewCollectionForm/NewCollectionForm'
import { sharedSearch, topTags } from '~/domain/catalogue/search.server'
import { createCollection, listKits, listUserCollections } from '~/domain/collections/collections.server'
import { ASSET_TYPES, ASSET_TYPE_LABELS, SITE_NAME, type AssetType } from '~/lib/constants'
import { CollectionFormSchema } from '~/lib/collections'
import { loginHref } from '~/lib/redirects'
import { assetCount, plural } from '~/lib/plural'
import { servicesContext } from '~/web/context.server'
import { readForm } from '~/web/http.server'
import { refusalStatus } from '~/web/refusals.server'
import { getUser } from '~/web/session.server'
import { withSharing } from '~/lib/sharing'

const pageMeta: Route.MetaFunction = () => [
  { title: `Collections | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'The artist’s kits and curated collections of royalty-free AI-generated assets: 3D renders, images and audio, grouped by type and by the most used themes.',
  },
]

const THEME_COLLECTIONS = 12
const THUMBNAILS = 4

const TYPE_DESCRIPTIONS: Record<AssetType, string> = {
  '3d': 'Objects and characters rendered on transparent backgrounds.',
  image: 'Backgrounds, illustrations and scenes.',
  audio: 'Loops and tracks for videos, apps and games.',
}

// Tags that only repeat a type collection ('audio' on every audio asset) make no theme.
const TYPE_WORDS = new Set<string>([
  ...ASSET_TYPES,
  ...Object.values(ASSET_TYPE_LABELS).map((l) => l.tab.toLowerCase()),
])

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const user = await getUser(request, context)
  const [kits, mine, byType, tags] = await Promise.all([
    listKits(db, user),
    user ? listUserCollections(db, user) : null,
    Promise.all(
      ASSET_TYPES.map(async (type) => {
        const result = await sharedSearch(db, { assetType: type, limit: THUMBNAILS, sort: 'downloads' })
        return {
          type,
          total: result.total,
          totalCapped: result.totalCapped,
          estimated: result.totalEstimated,
          assets: result.assets,
        }
      }),
    ),
    topTags(db, THEME_COLLECTIONS + TYPE_WORDS.size),
  ])
  const themeTags = tags.filter((t) => !TYPE_WORDS.has(t.tag)).slice(0, THEME_COLLECTIONS)
  const byTag = await Promise.all(
    themeTags.map(async (t) => {
      const result = await sharedSearch(db, { tags: [t.tag], limit: THUMBNAILS, sort: 'downloads' })
      return { tag: t.tag, count: t.count, assets: result.assets }
    }),
  )
  return {
    kits,
    mine,
    types: byType
      .filter((c) => c.total > 0)
      .map(({ type, total, totalCapped, estimated, assets }) => ({
        type,
        total,
        totalCapped,
        estimated,
        images: assets.map((a) => a.thumbnail),
      })),
    themes: byTag.map(({ tag, count, assets }) => ({ tag, count, images: assets.map((a) => a.thumbnail) })),
  }
}

const titleCase = (tag: string) =>
  tag.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase())

const gridProps = {
  component: 'ul',
  cols: { base: 1, xs: 2, md: 3 },
  spacing: 'lg',
  style: { listStyle: 'none', padding: 0, margin: 0 },
} as const

/** 'New collection' on this page: made, then opened. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(request, context)
  if (!user) return redirect(loginHref('/collections'))
  const submission = parseWithZod(await readForm(request), { schema: CollectionFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const created = await createCollection(context.get(servicesContext).db, user, submission.value)
  if (!created.ok)
    return data(
      { result: submission.reply({ formErrors: [created.error] }) },
      { status: refusalStatus(created.reason) },
    )
  return redirect(`/collections/${created.value.id}`)
}

export default function CollectionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kits, mine, types, themes } = loaderData
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Collections</Title>
      <Text size="lg" c="dimmed" mt="sm" mb="xl">
        The artist’s kits, each one download; then groups by type and by the themes that run through the library. To
        browse by subject instead, see{' '}
        <Anchor component={Link} to="/categories">
          Categories
        </Anchor>
        .
      </Text>

      {kits.length > 0 ? (
        <section aria-labelledby="collections-kits">
          <Title order={2} id="collections-kits" mb="md">
            The artist’s kits
          </Title>
          <SimpleGrid {...gridProps} mb="xl">
            {kits.map((kit) => (
              <li key={kit.id}>
                <KitTile kit={kit} />
              </li>
            ))}
          </SimpleGrid>
        </section>
      ) : null}

      {types.length === 0 && themes.length === 0 ? <Text>No assets are published yet.</Text> : null}

      {types.length > 0 ? (
        <section aria-labelledby="collections-by-type">
          <Title order={2} id="collections-by-type" mb="md">
            By type
          </Title>
          <SimpleGrid {...gridProps}>
            {types.map((c) => (
              <li key={c.type}>
                <CollectionTile
                  href={`/explore?asset_type=${c.type}`}
                  title={ASSET_TYPE_LABELS[c.type].collection}
                  countText={assetCount(c.total, { capped: c.totalCapped, estimated: c.estimated })}
                  description={TYPE_DESCRIPTIONS[c.type]}
                  images={c.images}
                />
              </li>
            ))}
          </SimpleGrid>
        </section>
      ) : null}

      {themes.length > 0 ? (
        <section aria-labelledby="collections-by-theme">
          <Title order={2} id="collections-by-theme" mt="xl" mb="md">
            By theme
          </Title>
          <SimpleGrid {...gridProps}>
            {themes.map((c) => (
              <li key={c.tag}>
                <CollectionTile
                  href={`/explore?tags=${encodeURIComponent(c.tag)}`}
                  title={titleCase(c.tag)}
                  countText={assetCount(c.count)}
                  images={c.images}
                />
              </li>
            ))}
          </SimpleGrid>
        </section>
      ) : null}

      {mine ? (
        <section aria-labelledby="collections-yours">
          <Title order={2} id="collections-yours" mt="xl" mb="md">
            Your collections
          </Title>
          {mine.length === 0 ? (
            <Text mb="md">
              Keep assets together for a project: make a collection here, or use ‘Save to collection’ on any asset.
            </Text>
          ) : (
            <SimpleGrid {...gridProps} mb="lg" data-testid="your-collections">
              {mine.map((c) => (
                <li key={c.id}>
                  <CollectionTile
                    href={`/collections/${c.id}`}
                    title={c.name}
                    countText={`${plural(c.assetCount, 'asset')} · ${c.isPublic ? 'Public' : 'Private'}`}
                    description={c.description || undefined}
                    images={c.images}
                  />
                </li>
              ))}
            </SimpleGrid>
          )}
          <NewCollectionForm lastResult={actionData?.result} />
        </section>
      ) : null}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
