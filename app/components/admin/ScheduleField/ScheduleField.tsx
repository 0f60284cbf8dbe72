import { Text, TextInput } from '@mantine/core'
import { formatScheduleTime } from '~/lib/schedule-time'
import { toLocalInput } from '~/lib/schedule'
import { useHydrated } from '~/lib/use-hydrated'

// A datetime-local input has no zone (decision 89): the server reads the wall time in the zone
// of the hidden field beside it. JavaScript fills in the browser's zone; without it the field
// says UTC, and so does the label.

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

interface ScheduleFieldProps {
  /** The schedule already set (ISO), shown in the zone the field is read in. */
  value: string | null
  /** What the admin typed, shown again after a refusal. */
  typed?: string
  label?: string
  /** The form the inputs belong to, when they sit outside it. */
  form?: string
  error?: string
  size?: 'xs' | 'sm'
  description?: string
}

export function ScheduleField({
  value,
  typed,
  label = 'Publish at',
  form,
  error,
  size = 'sm',
  description,
}: ScheduleFieldProps) {
  const hydrated = useHydrated()
  const zone = hydrated ? browserZone() : 'UTC'
  return (
    <>
      <TextInput
        // A new zone means a new default: the input is made again with it.
        key={zone}
        type="datetime-local"
        name="publishAt"
        form={form}
        label={`${label} (${zone === 'UTC' ? 'UTC' : zone.replaceAll('_', ' ')})`}
        description={description}
        defaultValue={typed ?? (value ? toLocalInput(value, zone) : '')}
        error={error}
        size={size}
      />
      <input type="hidden" name="timeZone" value={zone} form={form} />
    </>
  )
}

/** 'Scheduled for 1 Dec 2026, 09:00 UTC': in UTC from the server, in the admin's zone once hydrated. */
export function ScheduledFor({ at }: { at: string }) {
  const hydrated = useHydrated()
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="scheduled-for">
      Scheduled for{' '}
      <time dateTime={at} suppressHydrationWarning>
        {formatScheduleTime(at, hydrated ? undefined : 'UTC')}
      </time>
    </Text>
  )
}
