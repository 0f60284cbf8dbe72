import { Paper, SimpleGrid, Text } from '@mantine/core'
import type { SystemStatus } from '~/domain/admin/system-status.server'
import classes from './StatusCards.module.css'
import { plural } from '~/lib/plural'

/** What the screens show: the domain's system status (plain strings and numbers). */
export type StatusView = SystemStatus

type Tone = 'good' | 'bad' | 'unknown'

interface Card {
  label: string
  value: string
  tone: Tone
  detail: string
}

function bytes(value: number | null): string {
  if (value === null) return 'free space unknown'
  const gb = value / 1024 ** 3
  return gb >= 1 ? `${gb.toFixed(1)} GB free` : `${Math.round(value / 1024 ** 2)} MB free`
}

function uptime(seconds: number): string {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`
  return plural(Math.round(seconds / 86_400), 'day')
}

// A value of exactly 'OK' is green and anything else red. The two measured cards show
// their figure instead, green while under the thresholds set in config.
const okTone = (value: string): Tone => (value === 'OK' ? 'good' : 'bad')
const measuredTone = (ok: boolean | null): Tone => (ok === null ? 'unknown' : ok ? 'good' : 'bad')

export function statusCards(status: StatusView): Card[] {
  const d = status.details
  return [
    {
      label: 'Server Health',
      value: status.serverHealth,
      tone: okTone(status.serverHealth),
      detail: `Up ${uptime(d.uptimeSeconds)}`,
    },
    {
      label: 'Database',
      value: status.database,
      tone: okTone(status.database),
      detail: d.databaseMs === null ? 'No answer' : `Round trip ${d.databaseMs} ms`,
    },
    { label: 'Storage', value: status.storage, tone: okTone(status.storage), detail: bytes(d.storageFreeBytes) },
    {
      label: 'API Response Time',
      value: status.apiResponseTime,
      tone: measuredTone(d.apiResponseTimeOk),
      detail: `p95 of ${plural(d.requestCount, 'recent request')}; under ${d.p95ThresholdMs} ms is healthy`,
    },
    {
      label: 'Error Rate',
      value: status.errorRate,
      tone: measuredTone(d.errorRateOk),
      detail: `Server errors (5xx); under ${d.errorRateThresholdPercent}% is healthy`,
    },
  ]
}

const TONE_TEXT: Record<Tone, string> = { good: 'healthy', bad: 'needs attention', unknown: 'not measured yet' }

/** The system-status cards; `compact` is the dashboard's box. */
export function StatusCards({ status, compact = false }: { status: StatusView; compact?: boolean }) {
  const cards = statusCards(status)
  if (compact) {
    return (
      <ul className={classes.compact}>
        {cards.map((card) => (
          <li key={card.label} className={classes.compactRow} data-tone={card.tone}>
            <span className={classes.dot} aria-hidden="true" />
            <span className={classes.compactLabel}>{card.label}</span>
            <span className={classes.value}>{card.value}</span>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {cards.map((card) => (
        <Paper
          key={card.label}
          withBorder
          p="lg"
          className={classes.card}
          data-tone={card.tone}
          data-testid={`status-${card.label}`}
        >
          <Text component="h2" size="sm" fw={600} c="dimmed" className={classes.label}>
            <span className={classes.dot} aria-hidden="true" />
            {card.label}
          </Text>
          <Text className={classes.value} fz={24} fw={700}>
            {card.value}
          </Text>
          <Text size="sm" c="dimmed">
            <span className={classes.hidden}>Status: {TONE_TEXT[card.tone]}. </span>
            {card.detail}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
