import { Anchor, Button, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/about'
import { categoryCounts } from '~/domain/catalogue/search.server'
import { publishedAssetCount, totalDownloads } from '~/domain/analytics/figures.server'
import { FREE_DAILY_DOWNLOADS, PRO_PRICE_USD, SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { plural } from '~/lib/plural'

const pageMeta: Route.MetaFunction = () => [
  { title: `About | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'AI Stock Library is run by one artist who generates, selects and curates every asset: 3D object renders as transparent PNGs, images and audio, royalty-free with a simple licence.',
  },
]

// Real figures from the catalogue rather than marketing numbers: what is published right now.
// The same functions as the admin's analytics (decision 91): the figures cannot disagree.
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const [assets, categories, downloads] = await Promise.all([
    publishedAssetCount(db),
    categoryCounts(db),
    totalDownloads(db),
  ])
  return { assets, categories: categories.length, downloads }
}

const STEPS = [
  {
    title: 'Generate',
    text: 'Each asset starts as an idea and many AI generations: different shapes, materials, lighting and angles, until one is worth keeping.',
  },
  {
    title: 'Select and refine',
    text: 'Most generations are thrown away. The keepers are cleaned up: edges checked, backgrounds removed so renders sit on true transparency, colours balanced, audio trimmed and levelled.',
  },
  {
    title: 'Curate and publish',
    text: 'Every asset gets a clear title, a category and tags written the way people search, then it is reviewed once more before it goes live.',
  },
] as const

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { assets, categories, downloads } = loaderData
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>About {SITE_NAME}</Title>
          <Text size="lg" c="dimmed" mt="sm">
            One artist, a growing library of AI-generated assets, and a licence you can read in a few minutes.
          </Text>
        </div>

        <section aria-labelledby="about-story">
          <Title order={2} id="about-story" mb="sm">
            A library, not a marketplace
          </Title>
          <Stack gap="sm">
            <Text>
              {SITE_NAME} is a collection of royalty-free stock assets made with AI and curated by a single artist.
              There are no user uploads and no other contributors: every asset you find here was generated, chosen,
              refined and published by the same person. That keeps the quality even and the style consistent, so assets
              from different corners of the library work together in one project.
            </Text>
            <Text>
              AI makes it possible for one person to produce a library of this size; it does not make curation
              unnecessary. For each asset that is published, many more generations are discarded. What is left is a
              collection chosen by eye, not a dump of everything a model produced.
            </Text>
          </Stack>
        </section>

        <section aria-labelledby="about-what">
          <Title order={2} id="about-what" mb="sm">
            What you will find
          </Title>
          <Text mb="sm">
            Right now the library holds {plural(assets, 'published asset')} in{' '}
            {plural(categories, 'category', 'categories')}, downloaded {plural(downloads, 'time')} so far.
          </Text>
          <List spacing="xs">
            <List.Item>
              <strong>3D object renders</strong> come first: objects, characters and shapes rendered as transparent
              PNGs, ready to drop onto a slide, a landing page or a video.
            </List.Item>
            <List.Item>
              <strong>Images</strong> for backgrounds, illustrations and social posts.
            </List.Item>
            <List.Item>
              <strong>Audio</strong>: loops and tracks for videos, apps and games.
            </List.Item>
            <List.Item>
              <strong>Videos and sound effects</strong> are planned, and a newsletter announcing new collections is
              coming soon.
            </List.Item>
          </List>
          <Text mt="sm">All assets are exclusive to this library: you will not find them on other stock sites.</Text>
        </section>

        <section aria-labelledby="about-how">
          <Title order={2} id="about-how" mb="sm">
            How an asset is made
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {STEPS.map((step, index) => (
              <div key={step.title}>
                <Title order={3} size="h4" mb={6}>
                  {index + 1}. {step.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {step.text}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </section>

        <section aria-labelledby="about-who">
          <Title order={2} id="about-who" mb="sm">
            Who it is for
          </Title>
          <Text>
            Creators, developers, designers, motion designers, founders and marketers: anyone who needs good-looking
            visuals or audio quickly, without hiring a studio or learning 3D software.
          </Text>
        </section>

        <section aria-labelledby="about-licence">
          <Title order={2} id="about-licence" mb="sm">
            Simple licensing, simple plans
          </Title>
          <Stack gap="sm">
            <Text>
              You may use every asset commercially, with no attribution. Resale, redistribution, NFT use and AI-training
              use need written permission first. The{' '}
              <Anchor component={Link} to="/license">
                License Agreement
              </Anchor>{' '}
              has the details.
            </Text>
            <Text>
              Browsing and previewing are free for everyone. A free account gives you {FREE_DAILY_DOWNLOADS} downloads a
              day; Pro costs ${PRO_PRICE_USD} a month for unlimited downloads and early access to new assets.
            </Text>
          </Stack>
        </section>

        <section aria-labelledby="about-contact">
          <Title order={2} id="about-contact" mb="sm">
            Need something specific?
          </Title>
          <Text>
            Custom and exclusive assets can be requested through the contact page. Questions, feedback and permission
            requests are welcome too; replies come within 1-2 business days.
          </Text>
          <Group mt="md">
            <Button component={Link} to="/explore">
              Explore the library
            </Button>
            <Button component={Link} to="/contact" variant="default">
              Contact the artist
            </Button>
          </Group>
        </section>
      </Stack>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
