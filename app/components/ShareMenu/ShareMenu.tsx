import { Button, CopyButton } from '@mantine/core'
import { Cluster } from '~/components/Plain/Typography'
import { ReadOnlyField, ReadOnlyText } from '~/components/Plain/Fields'
import { useRouteLoaderData } from 'react-router'
import { embedHtml, shareLinks } from '~/lib/share-links'
import { useHydrated } from '~/lib/use-hydrated'
import classes from './ShareMenu.module.css'

export interface ShareMenuProps {
  /** The shared page's path on this site: '/assets/12', '/collections/3'. */
  path: string
  title: string
  /** The page's picture (a path or URL), for the networks that pin one. */
  image?: string | null
  /** An audio asset: the player other sites can embed, as HTML to copy. */
  embed?: { id: number; title: string } | null
}

/**
 * 'Share': the page's link and plain links to post it on the usual networks, in a <details>
 * panel that opens without JavaScript (the link is then selectable text); with JavaScript a
 * button copies the link (and the embed code) to the clipboard.
 */
export function ShareMenu({ path, title, image, embed }: ShareMenuProps) {
  const root = useRouteLoaderData('root') as { origin?: string } | undefined
  const origin = root?.origin ?? 'http://localhost'
  const hydrated = useHydrated()
  const url = new URL(path, origin).href
  const links = shareLinks({ url, title, image: image ? new URL(image, origin).href : null })
  const code = embed ? embedHtml(embed, origin) : null
  return (
    <details className={classes.share} data-testid="share-menu">
      <summary>Share</summary>
      <div className={classes.panel}>
        <Cluster gap="xs" align="flex-end" wrap="nowrap">
          <ReadOnlyField label="Link to this page" value={url} className={classes.link} />
          {hydrated ? <CopyAction value={url} label="Copy link" done="Link copied" /> : null}
        </Cluster>
        <ul className={classes.networks} aria-label="Share on">
          {links.map((link) => (
            <li key={link.network}>
              <a
                href={link.href}
                data-network={link.network}
                {...(link.network === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        {code ? (
          <div>
            <ReadOnlyText label="Embed this player" value={code} minRows={2} className={classes.code} />
            {hydrated ? <CopyAction value={code} label="Copy embed code" done="Embed code copied" /> : null}
          </div>
        ) : null}
      </div>
    </details>
  )
}

function CopyAction({ value, label, done }: { value: string; label: string; done: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-sm" variant="light" mt={4} onClick={copy} aria-live="polite">
          {copied ? done : label}
        </Button>
      )}
    </CopyButton>
  )
}
