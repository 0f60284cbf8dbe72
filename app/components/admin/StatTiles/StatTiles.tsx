import { Paper, SimpleGrid, Text } from '@mantine/core'
import classes from './StatTiles.module.css'

export interface StatTile {
  label: string
  value: string
}

/** The figure tiles of the dashboard and analytics screens. */
export function StatTiles({ tiles }: { tiles: StatTile[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb="xl">
      {tiles.map((tile) => (
        <Paper key={tile.label} withBorder p="lg" className={classes.tile}>
          <Text size="sm" c="dimmed" fw={500} component="h2" className={classes.label}>
            {tile.label}
          </Text>
          <Text className={classes.value} data-testid={`tile-${tile.label}`}>
            {tile.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US')
}

/** Dollars with cents, without the sign: the tile says 'Revenue ($)'. */
export function formatDollars(dollars: number): string {
  return dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
