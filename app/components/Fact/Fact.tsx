import { Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** One fact of a record: its label above, its value below (a licence's page and the admin's). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </div>
  )
}
