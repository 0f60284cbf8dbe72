import { Link, useLocation, useNavigate } from 'react-router'
import { Fragment, useEffect, useRef, useState, type MouseEvent } from 'react'
import { fallbackDescription, formatDuration, formatFileSize, type AssetView, type StripItem } from '~/lib/asset-view'
import { DIALOG_TAGS, RELATED_TAG_SOURCE, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '~/lib/constants'
import {
  BACKGROUNDS,
  BACKGROUND_LABELS,
  clampZoom,
  exploreUrl,
  parseExploreParams,
  type Background,
} from '~/lib/explore-params'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { Cluster, Heading, Tag, Txt } from '~/components/Plain/Typography'
import { FavouriteButton } from '~/components/FavouriteButton/FavouriteButton'
import { SaveToCollection } from '~/components/SaveToCollection/SaveToCollection'
import { CreditLine } from '~/components/CreditLine/CreditLine'
import { ShareMenu } from '~/components/ShareMenu/ShareMenu'
import { DownloadButton } from '~/components/DownloadButton/DownloadButton'
import { AudioPreview } from '~/components/AudioPlayer/AudioPlayer'
import classes from './AssetPreview.module.css'
import { plural } from '~/lib/plural'
import { formatScheduleTime } from '~/lib/schedule-time'
import { useViewBeacon, type ViewState } from '~/lib/view-beacon'
import { aspectRatio, gridRatio, previewSize, ratioStyle } from '~/lib/asset-shape'

export interface AssetPreviewProps {
  asset: AssetView
  /** The size in bytes of the file 'Download' gives; null (not shown) until that file is made. */
  fileSize?: number | null
  related: StripItem[]
  /** 'Similar colours': assets with the closest palettes. */
  similar?: StripItem[]
  isFavourite: boolean
  /** Taken today by the signed-in user: downloading it again is free even with the quota spent. */
  downloadedToday?: boolean
  /**
   * In early access (open to Pro before it goes live): when it does. Its page says so, and offers
   * no heart, collection or sharing, which are for published assets.
   */
  publicAt?: string
  background: Background
  zoom: number
  /** Where 'close' goes: the same page without ?assetId=. */
  closeHref: string
  /** The same page with another background, zoom or asset in the dialog. */
  hrefFor: (change: { bg?: Background; zoom?: number; assetId?: number }) => string
  /** Render as a dialog over the page, or inline on the asset's own page. */
  mode?: 'dialog' | 'page'
  /**
   * Back from 'sign in to download' (?download=1): the download is offered as 'Download now'.
   * Arriving by a GET grants nothing, so a link from another site cannot spend the quota.
   */
  resumeDownload?: boolean
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"]), audio[controls]'

/** Tab and Shift+Tab cycle through the open dialog: focus never reaches the page behind it. */
function keepFocusInside(event: KeyboardEvent, dialog: HTMLElement | null) {
  if (!dialog) return
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  )
  if (!items.length) return
  const first = items[0]!
  const last = items[items.length - 1]!
  const active = document.activeElement
  if (!dialog.contains(active)) {
    event.preventDefault()
    first.focus()
  } else if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * The asset preview. Its state lives in the URL, so without JavaScript every control is a
 * link (and download and favourite are forms); with JavaScript background and zoom change in
 * place and Escape or a click outside closes the dialog.
 */
export function AssetPreview(props: AssetPreviewProps) {
  const { asset, related, similar = [], isFavourite, closeHref, hrefFor, mode = 'dialog' } = props
  const navigate = useNavigate()
  useViewBeacon(asset.id, mode === 'dialog' ? 'dialog_view' : 'page_view')
  const searchQuery = new URLSearchParams(useLocation().search).get('q') ?? undefined
  const [background, setBackground] = useState(props.background)
  const [zoom, setZoom] = useState(props.zoom)
  // Another asset or URL resets the controls to what its URL says. Done while rendering, not in
  // an effect: an effect's reset also runs on mount, and a click that lands between the
  // dialog's commit and its effects (a fast first click) would be undone by it.
  const shownFor = `${asset.id} ${props.background} ${props.zoom}`
  const [controlsFor, setControlsFor] = useState(shownFor)
  if (controlsFor !== shownFor) {
    setControlsFor(shownFor)
    setBackground(props.background)
    setZoom(props.zoom)
  }
  const dialogRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (mode !== 'dialog') return
    const previousFocus = document.activeElement as HTMLElement | null
    dialogRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') void navigate(closeHref, { preventScrollReset: true })
      if (event.key === 'Tab') keepFocusInside(event, dialogRef.current)
    }
    document.addEventListener('keydown', onKey)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      previousFocus?.focus?.()
    }
  }, [mode, closeHref, navigate])

  // Links for every state; with JavaScript the click changes state without a request.
  const local = (apply: () => void) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    apply()
  }
  const zoomIn = clampZoom(zoom + ZOOM_STEP)
  const zoomOut = clampZoom(zoom - ZOOM_STEP)
  const shownTags = asset.tags.slice(0, DIALOG_TAGS)
  const extraTags = asset.tags.length - shownTags.length
  const size = previewSize(asset)

  const content = (
    <div className={classes.layout}>
      <div className={classes.stageColumn}>
        <div
          className={classes.stage}
          data-background={asset.asset_type === '3d' ? background : 'none'}
          data-testid="preview-stage"
          style={ratioStyle(aspectRatio(asset))}
        >
          <div className={classes.zoomBox} style={{ transform: `scale(${asset.asset_type === 'audio' ? 1 : zoom})` }}>
            <AssetImage
              src={asset.image}
              alt={asset.title}
              loading="eager"
              priority
              width={size.width}
              height={size.height}
              className={classes.image}
            />
          </div>
        </div>
        {asset.audio ? <AudioPreview audio={asset.audio} title={asset.title} /> : null}
        {/* Audio is listened to: its picture is a cover, with nothing to zoom or set a background behind. */}
        {asset.asset_type === 'audio' ? null : (
          <Cluster justify="space-between" mt="sm" gap="xs">
            {asset.asset_type === '3d' ? (
              <Cluster gap={6} role="group" aria-label="Background">
                {BACKGROUNDS.map((bg) => (
                  <Link
                    key={bg}
                    to={hrefFor({ bg, zoom })}
                    replace
                    preventScrollReset
                    className={classes.chip}
                    aria-current={bg === background ? 'true' : undefined}
                    onClick={local(() => setBackground(bg))}
                  >
                    <span className={classes.swatch} data-background={bg} aria-hidden="true" />
                    {BACKGROUND_LABELS[bg]}
                  </Link>
                ))}
              </Cluster>
            ) : (
              <span />
            )}
            <Cluster gap={6} role="group" aria-label="Zoom">
              <Link
                to={hrefFor({ bg: background, zoom: zoomOut })}
                replace
                preventScrollReset
                className={classes.chip}
                aria-label="Zoom out"
                aria-disabled={zoom <= ZOOM_MIN ? 'true' : undefined}
                onClick={local(() => setZoom(zoomOut))}
              >
                −
              </Link>
              <output className={classes.zoomValue} aria-live="polite" data-testid="zoom-value">
                {Math.round(zoom * 100)}%
              </output>
              <Link
                to={hrefFor({ bg: background, zoom: zoomIn })}
                replace
                preventScrollReset
                className={classes.chip}
                aria-label="Zoom in"
                aria-disabled={zoom >= ZOOM_MAX ? 'true' : undefined}
                onClick={local(() => setZoom(zoomIn))}
              >
                +
              </Link>
            </Cluster>
          </Cluster>
        )}
      </div>
      <div className={classes.info}>
        {props.publicAt ? (
          <Txt size="sm" fw={600} mb={4} data-testid="early-access">
            Early access for Pro · public on {formatScheduleTime(props.publicAt, 'UTC')}
          </Txt>
        ) : null}
        <Heading order={mode === 'page' ? 1 : 2} id="asset-preview-title" fz={24}>
          {asset.title}
        </Heading>
        {/* The heart and Save under the download block, whatever that block says (a quota
            message beside a narrow block once put the heart on its right, Save under it). */}
        <div className={classes.actions}>
          {/* Keyed: another asset shown in the same dialog starts from its own defaults, not the
              size, format or message chosen for the one before. */}
          <DownloadButton
            key={asset.id}
            assetId={asset.id}
            format={asset.file_format}
            resume={props.resumeDownload}
            assetType={asset.asset_type}
            original={asset}
            downloadedToday={props.downloadedToday}
          />
          {props.publicAt ? null : (
            <Cluster gap="sm">
              <FavouriteButton assetId={asset.id} isFavourite={isFavourite} />
              <SaveToCollection assetId={asset.id} assetTitle={asset.title} look="button" />
            </Cluster>
          )}
        </div>
        <CreditLine asset={asset} />
        {props.publicAt ? null : (
          <ShareMenu
            path={`/assets/${asset.id}`}
            title={asset.title}
            image={asset.image}
            embed={asset.asset_type === 'audio' ? asset : null}
          />
        )}
        <Cluster gap={6} mt="md" role="group" aria-label="Tags">
          {shownTags.map((tag) => (
            <Tag key={tag} to={`/explore?tags=${encodeURIComponent(tag)}`}>
              {tag}
            </Tag>
          ))}
          {extraTags > 0 ? <Tag>+{extraTags}</Tag> : null}
        </Cluster>
        <Txt mt="md" c={asset.description ? undefined : 'dimmed'}>
          {asset.description || fallbackDescription(asset)}
        </Txt>
        <Txt size="sm" c="dimmed" mt="sm">
          {/* Only the facts it has, one separator between each (an asset may have no category). */}
          {(
            [
              ['category', asset.category || null],
              ['size', asset.width && asset.height ? `${asset.width}×${asset.height} ${asset.file_format}` : null],
              ['duration', asset.audio ? `${formatDuration(asset.audio.duration_ms)} ${asset.file_format}` : null],
              [
                'bytes',
                props.fileSize ? (
                  <span key="bytes" data-testid="file-size">
                    {formatFileSize(props.fileSize)}
                  </span>
                ) : null,
              ],
              ['downloads', plural(asset.download_count, 'download')],
            ] as const
          )
            .filter(([, fact]) => fact !== null)
            .map(([key, fact], i) => (
              <Fragment key={key}>
                {i > 0 ? ' · ' : null}
                {fact}
              </Fragment>
            ))}
        </Txt>
        {mode === 'dialog' ? (
          <Txt size="sm" mt="sm">
            <Link to={`/assets/${asset.id}`} state={searchQuery ? ({ searchQuery } satisfies ViewState) : undefined}>
              Open the asset page
            </Link>
          </Txt>
        ) : null}
      </div>
      <section className={classes.related} aria-labelledby="related-heading">
        <Cluster justify="space-between" mb="xs">
          <Heading order={mode === 'page' ? 2 : 3} fz={18} id="related-heading">
            Related Assets
          </Heading>
          {/* What the strip chooses from, in Explore's grid (the asset among them): its category and
              any of its first tags. Nothing related, nothing to view. */}
          {related.length ? (
            <Link
              to={exploreUrl(parseExploreParams(new URLSearchParams()), {
                category: asset.category,
                tags: asset.tags.slice(0, RELATED_TAG_SOURCE),
                tagMatch: 'any',
              })}
            >
              View All
            </Link>
          ) : null}
        </Cluster>
        {related.length ? (
          <ThumbStrip assets={related} hrefFor={hrefFor} />
        ) : (
          <Txt size="sm" c="dimmed">
            No related assets yet.
          </Txt>
        )}
      </section>
      {similar.length && asset.asset_type !== 'audio' ? (
        <section className={classes.related} aria-labelledby="similar-colours-heading">
          <Heading order={3} fz={18} id="similar-colours-heading" mb="xs">
            Similar colours
          </Heading>
          <ThumbStrip assets={similar} hrefFor={hrefFor} testId="similar-colours" />
        </section>
      ) : null}
    </div>
  )

  if (mode === 'page') return content

  return (
    <div
      className={classes.backdrop}
      data-testid="preview-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) void navigate(closeHref, { preventScrollReset: true })
      }}
    >
      <div
        ref={dialogRef}
        className={classes.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="asset-preview-title"
        tabIndex={-1}
      >
        <Link to={closeHref} preventScrollReset className={classes.close} aria-label="Close preview">
          ×
        </Link>
        {content}
      </div>
    </div>
  )
}

/** A strip of small thumbnails, each opening that asset (Related Assets, Similar colours). */
function ThumbStrip({
  assets,
  hrefFor,
  testId,
}: {
  assets: StripItem[]
  hrefFor: AssetPreviewProps['hrefFor']
  testId?: string
}) {
  return (
    <ul className={classes.relatedList} data-testid={testId}>
      {assets.map((item) => (
        <li key={item.id}>
          <Link
            to={hrefFor({ assetId: item.id })}
            preventScrollReset
            className={classes.relatedItem}
            style={ratioStyle(gridRatio(item))}
            data-fullbleed={item.asset_type === '3d' ? undefined : 'true'}
            title={item.title}
          >
            <AssetImage src={item.thumbnail} alt={item.title} className={classes.relatedImage} />
          </Link>
        </li>
      ))}
    </ul>
  )
}
