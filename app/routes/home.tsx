import { Container, Stack, Text, Title } from '@mantine/core'
import { SearchForm } from '~/components/SearchForm/SearchForm'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [
  { title: 'AI Stock Library: where AI becomes the artist' },
  { name: 'description', content: 'Royalty-free, AI-generated 3D renders, images and audio, made and curated by one artist.' },
]

export default function HomePage() {
  return (
    <section id="hero-section">
      <Container size="lg" py={80}>
        <Stack align="center" gap="lg" ta="center">
          <Title order={1} fz={{ base: 36, sm: 56 }}>
            Where AI Becomes the Artist
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            Royalty-free 3D renders, images and audio, generated and hand-curated by one artist. Free to use
            commercially, no attribution needed.
          </Text>
          <div style={{ width: '100%', maxWidth: 640 }}>
            <SearchForm size="lg" label="Search assets (hero)" />
          </div>
        </Stack>
      </Container>
    </section>
  )
}
