import { Button, CopyButton, Stack, Text, Textarea } from '@mantine/core'
import { useRouteLoaderData } from 'react-router'
import { creditLines } from '~/lib/credit'
import { useHydrated } from '~/lib/use-hydrated'
import classes from '~/components/AssetPreview/AssetPreview.module.css'

const FORMS = [
  { key: 'text', label: 'Plain text' },
  { key: 'html', label: 'HTML' },
  { key: 'markdown', label: 'Markdown' },
] as const

/**
 * 'Credit the artist' under the download: the credit line as plain text, HTML and Markdown.
 * Without JavaScript each is selectable text; with it, a button copies it.
 */
export function CreditLine({ asset }: { asset: { id: number; title: string } }) {
  const root = useRouteLoaderData('root') as { origin?: string } | undefined
  const hydrated = useHydrated()
  const lines = creditLines(asset, root?.origin ?? 'http://localhost')
  return (
    <details className={classes.options} data-testid="credit-line">
      <summary>Credit the artist</summary>
      <Stack gap="xs" mt="xs">
        <Text size="sm" c="dimmed">
          Not required by the licence, always appreciated.
        </Text>
        {FORMS.map(({ key, label }) => (
          <div key={key}>
            <Textarea
              label={label}
              value={lines[key]}
              readOnly
              autosize
              minRows={1}
              styles={{ input: { fontFamily: key === 'text' ? undefined : 'var(--mantine-font-family-monospace)' } }}
            />
            {hydrated ? (
              <CopyButton value={lines[key]}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    mt={4}
                    onClick={copy}
                    aria-label={`Copy the ${label} credit`}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            ) : null}
          </div>
        ))}
      </Stack>
    </details>
  )
}
