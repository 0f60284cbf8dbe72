import { Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { processingLabel, type UploadProcessing } from '~/lib/upload-plan'

/**
 * An upload's processing as the admin reads it (decision 087): 'Processing… (step)', 'Ready' or
 * 'Failed: <reason>' followed by the caller's Retry (a native form post on every page), unless
 * the file itself is the problem and another attempt would fail the same way.
 */
export function ProcessingStatus({ processing, retry }: { processing: UploadProcessing; retry?: ReactNode }) {
  const color = processing.state === 'failed' ? 'red' : processing.state === 'ready' ? 'green' : 'blue'
  return (
    <Group gap={6} wrap="wrap" data-testid="processing-status" data-state={processing.state}>
      <Text size="xs" c={color} role={processing.state === 'failed' ? 'alert' : undefined}>
        {processingLabel(processing)}
      </Text>
      {processing.state === 'failed' && processing.retryable ? retry : null}
    </Group>
  )
}
