import { Anchor, Container, Group, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import type { Route } from './+types/faq'
import { FAQ, FAQ_CATEGORIES, FAQ_CATEGORY_LABELS } from '~/lib/faq'
import { SITE_NAME } from '~/lib/constants'
import classes from './faq.module.css'
import { withSharing } from '~/lib/sharing'

const pageMeta: Route.MetaFunction = () => [
  { title: `FAQ | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'Answers to common questions about AI Stock Library: the assets, plans and the daily quota, licensing and support.',
  },
]

/**
 * Every question of every category at once, each a native <details>: readable and
 * expandable without JavaScript, and findable with the browser's search.
 */
export default function FaqPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Frequently asked questions</Title>
      <Text size="lg" c="dimmed" mt="sm">
        Short answers about the library, licensing and support. For step-by-step guides see the{' '}
        <Anchor component={Link} to="/help">
          Help Center
        </Anchor>
        .
      </Text>
      <Group component="nav" aria-label="FAQ categories" gap="md" mt="md">
        {FAQ_CATEGORIES.map((category) => (
          <Anchor key={category} href={`#${category}`}>
            {FAQ_CATEGORY_LABELS[category]}
          </Anchor>
        ))}
      </Group>
      {FAQ_CATEGORIES.map((category) => (
        <section key={category} id={category} aria-labelledby={`${category}-heading`} className={classes.category}>
          <Title order={2} id={`${category}-heading`} mb="sm">
            {FAQ_CATEGORY_LABELS[category]}
          </Title>
          <div className={classes.items}>
            {FAQ[category].map((item) => (
              <details key={item.question} className={classes.item}>
                <summary className={classes.question}>{item.question}</summary>
                <Text className={classes.answer}>{item.answer}</Text>
              </details>
            ))}
          </div>
        </section>
      ))}
      <Text mt="xl">
        Still have a question? Read the{' '}
        <Anchor component={Link} to="/license">
          License Agreement
        </Anchor>
        , compare the{' '}
        <Anchor component={Link} to="/pricing">
          plans
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/contact">
          contact us
        </Anchor>
        . We reply within 1-2 business days.
      </Text>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
