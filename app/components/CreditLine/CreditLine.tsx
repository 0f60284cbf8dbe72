import { Button, CopyButton } from '@mantine/core'
import { Column, Txt } from '~/components/Plain/Typography'
import { ReadOnlyText } from '~/components/Plain/Fields'
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
      <Column gap="xs" mt="xs">
        <Txt size="sm" c="dimmed">
          Not required by the licence, always appreciated.
        </Txt>
        {FORMS.map(({ key, label }) => (
          <div key={key}>
            <ReadOnlyText label={label} value={lines[key]} minRows={1} monospace={key !== 'text'} />
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
      </Column>
    </details>
  )
}
