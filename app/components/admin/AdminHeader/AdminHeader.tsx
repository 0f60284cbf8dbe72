import { Link } from 'react-router'
import { Button, Group, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './AdminHeader.module.css'

/** The heading of an admin screen, with the way back to the dashboard. */
export function AdminHeader({
  title,
  lead,
  actions,
  back = true,
}: {
  title: string
  lead?: ReactNode
  actions?: ReactNode
  back?: boolean
}) {
  return (
    <header className={classes.header}>
      {back ? (
        <Button component={Link} to="/admin/dashboard" variant="subtle" size="compact-sm" className={classes.back}>
          ← Back to Dashboard
        </Button>
      ) : null}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          {lead ? (
            <Text c="dimmed" mt={4}>
              {lead}
            </Text>
          ) : null}
        </div>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </header>
  )
}
