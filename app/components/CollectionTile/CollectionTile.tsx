import { Link } from 'react-router'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import classes from './CollectionTile.module.css'

interface CollectionTileProps {
  /** Where the tile leads; without it the tile is shown but leads nowhere. */
  href?: string
  title: string
  /** '124 assets'. */
  countText: string
  /** Thumbnail URLs: one fills the tile; two to four make a mosaic. */
  images: string[]
  description?: string
}

/** A category or collection: thumbnails, a name and a count, the whole tile one link. */
export function CollectionTile({ href, title, countText, images, description }: CollectionTileProps) {
  const shown = images.slice(0, 4)
  const content = (
    <>
      <span className={classes.images} data-count={shown.length} data-testid="tile-pictures">
        {/* Decorative: the tile's name and count are the link's text. */}
        {shown.length === 0 ? (
          <AssetImage src="" alt="" whole />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same thumbnail may stand twice; the list never reorders
          shown.map((src, i) => <AssetImage key={`${src}-${i}`} src={src} alt="" whole />)
        )}
      </span>
      <span className={classes.text}>
        <span className={classes.title}>{title}</span>
        <span className={classes.count}>{countText}</span>
        {description ? <span className={classes.description}>{description}</span> : null}
      </span>
    </>
  )
  return href ? (
    <Link to={href} className={classes.tile}>
      {content}
    </Link>
  ) : (
    <div className={classes.tile} data-static="">
      {content}
    </div>
  )
}
