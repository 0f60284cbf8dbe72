import { Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/careers'
import { SITE_NAME } from '~/lib/constants'
import { withSharing } from '~/lib/sharing'

const pageMeta: Route.MetaFunction = () => [
  { title: `Careers | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'AI Stock Library is a one-artist studio with no open positions right now. Collaboration ideas are welcome through the contact page.',
  },
]

export default function CareersPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>Careers</Title>
          <Text size="lg" c="dimmed" mt="sm">
            {SITE_NAME} is a one-artist studio. There are no open positions right now.
          </Text>
        </div>

        <section aria-labelledby="careers-why">
          <Title order={2} id="careers-why" mb="sm">
            Why there are no jobs listed
          </Title>
          <Stack gap="sm">
            <Text>
              Every asset in the library is generated, selected and curated by one person, and that is a deliberate
              choice: it keeps the collection consistent in quality and style. So we are not hiring, and we would rather
              say so plainly than keep a page of roles that do not exist.
            </Text>
            <Text>
              If that changes, open positions will be listed on this page first, with what the role involves, how it is
              paid and how to apply.
            </Text>
          </Stack>
        </section>

        <section aria-labelledby="careers-collaborate">
          <Title order={2} id="careers-collaborate" mb="sm">
            Collaborations
          </Title>
          <Text mb="sm">Even without a team, we are glad to hear from people with ideas such as:</Text>
          <List spacing="xs">
            <List.Item>a joint project, a brand or product that would suit a dedicated set of assets;</List.Item>
            <List.Item>a custom or exclusive asset request for your own work;</List.Item>
            <List.Item>
              a tool, plugin or integration built on the{' '}
              <Anchor component={Link} to="/api">
                public API
              </Anchor>
              ;
            </List.Item>
            <List.Item>writing, teaching or a talk about making and curating AI-generated assets.</List.Item>
          </List>
        </section>

        <section aria-labelledby="careers-reach-out">
          <Title order={2} id="careers-reach-out" mb="sm">
            How to reach out
          </Title>
          <Text>
            Send a short message through the contact page: who you are, what you have in mind, and a link to your work
            if it helps. We reply within 1-2 business days. Please do not send CVs for positions that are not listed; we
            use your message only to answer you.
          </Text>
          <Button component={Link} to="/contact" mt="md">
            Get in touch
          </Button>
        </section>
      </Stack>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
