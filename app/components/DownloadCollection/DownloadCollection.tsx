import { useLocation } from 'react-router'
import { Alert, Anchor, Button, Group, NativeSelect } from '@mantine/core'
import { ZIP_FORMATS, ZIP_FORMAT_LABELS, bundleRefusalText } from '~/lib/collections'

interface DownloadCollectionProps {
  collectionId: number
  name: string
  label?: string
  /** A tile's button: the originals, no format to pick. */
  compact?: boolean
}

/**
 * 'Download as ZIP': a plain form post (no fetcher), so the browser saves the streamed archive
 * the same way with or without JavaScript. A refusal (the quota) comes back to this page with
 * its reason in the URL, said here.
 */
export function DownloadCollection({
  collectionId,
  name,
  label = 'Download as ZIP',
  compact,
}: DownloadCollectionProps) {
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  const refused = params.get('zip') === String(collectionId) ? bundleRefusalText(params.get('reason')) : null
  params.delete('zip')
  params.delete('reason')
  const back = `${pathname}${params.size ? `?${params}` : ''}`
  return (
    <div>
      <form method="post" action={`/collections/${collectionId}/download`} data-testid="download-collection">
        <input type="hidden" name="back" value={back} />
        <Group gap="xs" align="flex-end" wrap="wrap">
          {compact ? (
            <input type="hidden" name="format" value="original" />
          ) : (
            <NativeSelect
              name="format"
              label="Format"
              defaultValue="original"
              data={ZIP_FORMATS.map((f) => ({ value: f, label: ZIP_FORMAT_LABELS[f] }))}
              w={160}
            />
          )}
          <Button type="submit" variant={compact ? 'light' : 'filled'} aria-label={`${label}: ${name}`}>
            {label}
          </Button>
        </Group>
      </form>
      {refused ? (
        <Alert color="red" role="alert" mt="sm" data-testid="zip-refused">
          {refused.text}{' '}
          {refused.upgrade ? (
            <Anchor href="/pricing" inherit>
              See Pro
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
    </div>
  )
}
