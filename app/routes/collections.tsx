import { Anchor, Container, SimpleGrid, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/collections'
import { CollectionTile } from '~/components/CollectionTile/CollectionTile'
import { searchAssets, topTags } from '~/domain/catalogue/search.server'
import { ASSET_TYPES, ASSET_TYPE_LABELS, SITE_NAME, type AssetType } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'

const pageMeta: Route.MetaFunction = () => [
  { title: `Collections | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'Curated collections of royalty-free AI-generated assets: 3D renders, images and audio, grouped by type and by the most used themes.',
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

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const [byType, tags] = await Promise.all([
    Promise.all(
      ASSET_TYPES.map(async (type) => {
        const result = await searchAssets(db, { assetType: type, limit: THUMBNAILS, sort: 'downloads' })
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
      const result = await searchAssets(db, { tags: [t.tag], limit: THUMBNAILS, sort: 'downloads' })
      return { tag: t.tag, count: t.count, assets: result.assets }
    }),
  )
  return {
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

const assetsText = (n: number, capped = false, estimated = false) =>
  `${estimated ? 'About ' : ''}${n.toLocaleString('en-US')}${capped ? '+' : ''} ${n === 1 ? 'asset' : 'assets'}`
const titleCase = (tag: string) =>
  tag.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase())

const gridProps = {
  component: 'ul',
  cols: { base: 1, xs: 2, md: 3 },
  spacing: 'lg',
  style: { listStyle: 'none', padding: 0, margin: 0 },
} as const

export default function CollectionsPage({ loaderData }: Route.ComponentProps) {
  const { types, themes } = loaderData
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Collections</Title>
      <Text size="lg" c="dimmed" mt="sm" mb="xl">
        Curated groups of assets: by type, and by the themes that run through the library, each showing its most
        downloaded assets. To browse by subject instead, see{' '}
        <Anchor component={Link} to="/categories">
          Categories
        </Anchor>
        .
      </Text>

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
                  countText={assetsText(c.total, c.totalCapped, c.estimated)}
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
                  countText={assetsText(c.count)}
                  images={c.images}
                />
              </li>
            ))}
          </SimpleGrid>
        </section>
      ) : null}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
