import { Link, useNavigate } from 'react-router'
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, type ReactNode } from 'react'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { PublicationBadge } from '~/components/admin/TagList/TagList'
import { plural } from '~/lib/plural'
import type { FigureTotals } from '~/domain/analytics/figures.server'
import classes from './AdminAssetPreview.module.css'

export interface AdminPreviewAsset {
  id: number
  title: string
  description: string
  category: string
  tags: string[]
  image: string
  is_active: boolean
  width: number | null
  height: number | null
  original_filename: string
  created_at: string
  download_count: number
}

/**
 * The admin's preview of an asset, drafts included (they are not public, so the catalogue's
 * dialog cannot show them). Its state is the URL (?preview=<id>): without JavaScript the
 * close button is a link; with it, Escape closes too.
 */
export function AdminAssetPreview({
  asset,
  figures,
  closeHref,
  processing,
}: {
  asset: AdminPreviewAsset
  /** Its figures of all time (figures.server.ts: the same as its figures page). */
  figures: FigureTotals | null
  closeHref: string
  /** The upload's processing state (and its Retry). */
  processing?: ReactNode
}) {
  const navigate = useNavigate()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    panel.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') void navigate(closeHref, { preventScrollReset: true })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [closeHref, navigate])
  return (
    <div className={classes.layer}>
      <Link to={closeHref} preventScrollReset className={classes.backdrop} aria-label="Close preview" tabIndex={-1} />
      <div
        ref={panel}
        className={classes.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="admin-preview-title"
        tabIndex={-1}
      >
        <div className={classes.media}>
          {asset.image ? (
            <AssetImage src={asset.image} alt={asset.title} loading="eager" className={classes.image} />
          ) : (
            <Text c="dimmed">The preview is being made.</Text>
          )}
        </div>
        <Stack gap="xs" className={classes.info}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz="h3" id="admin-preview-title">
              {asset.title}
            </Title>
            <Anchor component={Link} to={closeHref} preventScrollReset className={classes.close}>
              Close
            </Anchor>
          </Group>
          <Group gap="xs">
            <PublicationBadge isActive={asset.is_active} />
            {asset.category ? <Text size="sm">{asset.category}</Text> : null}
          </Group>
          {processing}
          {asset.tags.length ? (
            <Group gap={4}>
              {asset.tags.map((tag) => (
                <Badge key={tag} variant="light" color="gray" size="sm" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
          ) : null}
          {asset.description ? (
            <Text size="sm">{asset.description}</Text>
          ) : (
            <Text size="sm" c="dimmed">
              No description.
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {asset.original_filename || 'Uploaded file'}
            {asset.width && asset.height ? ` · ${asset.width}×${asset.height}px` : ''} · added{' '}
            {asset.created_at.slice(0, 10)}
          </Text>
          {figures ? (
            <Text size="sm" data-testid="admin-asset-figures">
              {plural(figures.downloads, 'download')} · {plural(figures.licences, 'licence')} ·{' '}
              {plural(figures.page_views + figures.dialog_views, 'view')} · {plural(figures.favourites, 'favourite')}
            </Text>
          ) : null}
          <Anchor component={Link} to={`/admin/assets/${asset.id}/figures`} size="sm">
            Figures over time
          </Anchor>
          {asset.is_active ? (
            <Anchor component={Link} to={`/assets/${asset.id}`} size="sm">
              Open the public page
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              Pending: visitors cannot see it until it is published.
            </Text>
          )}
        </Stack>
      </div>
    </div>
  )
}
