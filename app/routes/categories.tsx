import { Anchor, Container, SimpleGrid, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { assetCount } from '~/lib/plural'
import type { Route } from './+types/categories'
import { CollectionTile } from '~/components/CollectionTile/CollectionTile'
import { categoryCounts } from '~/domain/catalogue/search.server'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'

const pageMeta: Route.MetaFunction = () => [
  { title: `Categories | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'Browse royalty-free AI-generated 3D renders, images and audio by category, with the number of assets in each.',
  },
]

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await categoryCounts(context.get(servicesContext).db)
  return { categories }
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Categories</Title>
      <Text size="lg" c="dimmed" mt="sm" mb="xl">
        Every category of the library, with the number of published assets in each. For themed groups across categories,
        see{' '}
        <Anchor component={Link} to="/collections">
          Collections
        </Anchor>
        .
      </Text>
      {categories.length === 0 ? (
        <Text>
          No assets are published yet.{' '}
          <Anchor component={Link} to="/explore">
            Explore
          </Anchor>{' '}
          will list them as soon as they are.
        </Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 2, sm: 3, md: 4, lg: 5 }}
          spacing="lg"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {categories.map((c) => (
            <li key={c.category}>
              <CollectionTile
                href={`/explore?category=${encodeURIComponent(c.category)}`}
                title={c.category}
                countText={assetCount(c.count)}
                images={[c.thumbnail]}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
