import { Form, Link, useNavigation } from 'react-router'
import { Alert, Button, Group, Text, Title } from '@mantine/core'
import { UploadList } from '~/components/admin/UploadList/UploadList'
import { useProcessingPoll } from '~/components/admin/UploadList/use-processing-poll'
import {
  draftAllSelection,
  isProcessed,
  processingFailed,
  publishAllSelection,
  uploadCountLine,
  type UploadItem,
} from '~/lib/upload-plan'
import { useHydrated } from '~/lib/use-hydrated'
import { useEffect, useState } from 'react'

/**
 * The answer to the plain upload form: each file's outcome, with Publish, 'Publish All' and
 * 'Save all as Draft', and a failed upload's Retry and Delete. One form carries the batch, so the page can be drawn again after each
 * button without JavaScript and without keeping anything on the server.
 */
export function UploadResults({ items: answered }: { items: UploadItem[] }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const hydrated = useHydrated()
  // With JavaScript the processing states come by themselves; without it, with Refresh.
  const [items, setItems] = useState(answered)
  useEffect(() => setItems(answered), [answered])
  useProcessingPoll(
    hydrated
      ? items.flatMap((item) => (item.id !== null && item.processing?.state === 'processing' ? [item.id] : []))
      : [],
    (states) =>
      setItems((current) =>
        current.map((item) => {
          const heard = item.id !== null ? states[item.id] : undefined
          return heard
            ? {
                ...item,
                processing: { state: heard.state, error: heard.error, step: heard.step, retryable: heard.retryable },
                previewUrl: heard.thumbnail ?? item.previewUrl,
              }
            : item
        }),
      ),
  )
  const processing = items.filter((item) => item.processing?.state === 'processing').length
  const draftable = draftAllSelection(items)
  const ready = publishAllSelection(items)
  return (
    <section aria-labelledby="upload-results">
      <Title order={2} fz="h3" id="upload-results" mb="xs">
        Upload results
      </Title>
      <Form method="post" action="/admin/upload">
        <input type="hidden" name="batch" value={JSON.stringify(items)} />
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text fw={500} data-testid="upload-count">
            {uploadCountLine(items)}
          </Text>
          <Group gap="xs">
            <Button type="submit" name="intent" value="refresh" variant="subtle">
              Refresh
            </Button>
            <Button
              type="submit"
              name="intent"
              value="draft-all"
              variant="default"
              disabled={draftable.length === 0}
              loading={busy}
            >
              Save all as Draft
            </Button>
            <Button type="submit" name="intent" value="publish-all" disabled={ready.length === 0} loading={busy}>
              Publish All
            </Button>
          </Group>
        </Group>
        {processing > 0 ? (
          <Alert color="blue" mb="sm" role="status" data-testid="processing-notice">
            {`${processing === 1 ? 'One upload is' : `${processing} uploads are`} being processed: publish ${
              processing === 1 ? 'it' : 'them'
            } when ready. `}
            {hydrated ? 'Their state updates by itself.' : 'Press Refresh to see their progress.'}
          </Alert>
        ) : null}
        <UploadList
          items={items.map((item, i) => ({ ...item, key: `${i}-${item.name}` }))}
          retry={(item) => (
            <Button
              type="submit"
              name="retry"
              value={String(item.id)}
              size="compact-xs"
              variant="light"
              color="red"
              aria-label={`Retry processing ${item.name}`}
            >
              Retry
            </Button>
          )}
          actions={(item) =>
            item.id !== null && item.status !== 'error' ? (
              <>
                <Button
                  component={Link}
                  to={`/admin/assets?preview=${item.id}`}
                  size="compact-sm"
                  variant="default"
                  aria-label={`Preview ${item.name}`}
                >
                  Preview
                </Button>
                {processingFailed(item) ? (
                  <Button
                    type="submit"
                    name="delete"
                    value={String(item.id)}
                    size="compact-sm"
                    variant="light"
                    color="red"
                    aria-label={`Delete ${item.name}`}
                  >
                    Delete
                  </Button>
                ) : null}
                {item.isPublished ? null : (
                  <Button
                    type="submit"
                    name="publish"
                    value={String(item.id)}
                    size="compact-sm"
                    aria-label={`Publish ${item.name}`}
                    // Publishing waits for the processing (the server refuses it too).
                    disabled={!isProcessed(item)}
                  >
                    Publish
                  </Button>
                )}
              </>
            ) : null
          }
        />
      </Form>
      <Group mt="lg" gap="xs">
        <Button component={Link} to="/admin/upload" variant="light">
          Upload more
        </Button>
        <Button component={Link} to="/admin/assets" variant="subtle">
          Manage Assets
        </Button>
      </Group>
    </section>
  )
}
