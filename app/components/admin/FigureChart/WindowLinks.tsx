import { Link } from 'react-router'
import { Button, Group } from '@mantine/core'

/** 'Last 30 days' / 'Last 90 days' as links: the window is in the URL, so it works without JavaScript. */
export function WindowLinks({ days, hrefFor }: { days: number; hrefFor: (days: number) => string }) {
  return (
    <Group gap="xs" mb="lg" component="nav" aria-label="Period">
      {[30, 90].map((n) => (
        <Button
          key={n}
          component={Link}
          to={hrefFor(n)}
          size="compact-sm"
          variant={n === days ? 'filled' : 'default'}
          aria-current={n === days ? 'page' : undefined}
        >
          Last {n} days
        </Button>
      ))}
    </Group>
  )
}
