import { Link } from 'react-router'
import type { AssetView } from '~/lib/asset-view'
import { CARD_TAGS } from '~/lib/constants'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { FavouriteButton } from '~/components/FavouriteButton/FavouriteButton'
import { SaveToCollection } from '~/components/SaveToCollection/SaveToCollection'
import { CardAudio } from '~/components/AudioPlayer/AudioPlayer'
import { preloadPreview } from '~/components/PreviewFromUrl/PreviewFromUrl'
import classes from './AssetCard.module.css'
import { plural } from '~/lib/plural'
import { type CardFrame, cardPicture, gridRatio, ratioStyle, thumbSize } from '~/lib/asset-shape'

interface AssetCardProps {
  asset: AssetView
  /** Where clicking the card goes: the same page with ?assetId=, which opens the preview. */
  previewHref: string
  isFavourite?: boolean
  layout?: 'grid' | 'list'
  loading?: 'lazy' | 'eager'
  /** The first row of results: its image is fetched first. */
  priority?: boolean
  /** How the card's container lays it out, which bounds how wide its picture is shown. */
  frame?: CardFrame
}

/** The dialog's code, fetched once, when a card is about to be opened. */
function warmPreview() {
  void preloadPreview().catch(() => {})
}

export function AssetCard({
  asset,
  previewHref,
  isFavourite = false,
  layout = 'grid',
  loading,
  priority,
  frame = 'rows',
}: AssetCardProps) {
  const tags = asset.tags.slice(0, CARD_TAGS)
  const thumb = thumbSize(asset)
  return (
    <article
      className={classes.card}
      style={ratioStyle(gridRatio(asset))}
      data-layout={layout}
      data-favourite={isFavourite ? 'true' : undefined}
      data-testid="asset-card"
    >
      <Link
        to={previewHref}
        preventScrollReset
        className={classes.link}
        aria-label={`Preview ${asset.title}`}
        onPointerEnter={warmPreview}
        onFocus={warmPreview}
      >
        <div className={classes.media} data-fullbleed={asset.asset_type === '3d' ? undefined : 'true'}>
          <AssetImage
            src={asset.thumbnail}
            alt={asset.title}
            loading={loading}
            priority={priority}
            width={thumb.width}
            height={thumb.height}
            className={classes.image}
            choices={layout === 'grid' ? cardPicture(asset, frame) : null}
          />
          <div className={classes.overlay} aria-hidden="true">
            <span className={classes.title} data-testid="card-title">
              {asset.title}
            </span>
            <span className={classes.tags}>
              {tags.map((tag) => (
                <span key={tag} className={classes.tag}>
                  {tag}
                </span>
              ))}
            </span>
          </div>
        </div>
        {layout === 'list' ? (
          <div className={classes.details}>
            <h3 className={classes.listTitle}>{asset.title}</h3>
            <p className={classes.meta}>
              {asset.category} · {plural(asset.download_count, 'download')}
            </p>
            <p className={classes.listTags}>{tags.join(', ')}</p>
          </div>
        ) : null}
      </Link>
      {asset.audio ? <CardAudio audio={asset.audio} title={asset.title} /> : null}
      <SaveToCollection assetId={asset.id} assetTitle={asset.title} />
      <FavouriteButton assetId={asset.id} isFavourite={isFavourite} className={classes.heart} />
    </article>
  )
}
