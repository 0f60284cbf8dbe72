import { CollectionTile } from '~/components/CollectionTile/CollectionTile'
import { DownloadCollection } from '~/components/DownloadCollection/DownloadCollection'
import { plural } from '~/lib/plural'
import classes from './KitTile.module.css'

interface KitTileProps {
  kit: { id: number; name: string; description: string; assetCount: number; cover: string; images: string[] }
}

/** One of the artist's kits: its cover, title and count as one link, and 'Download kit' under it. */
export function KitTile({ kit }: KitTileProps) {
  return (
    <div className={classes.kit} data-testid="kit-tile">
      <CollectionTile
        href={`/collections/${kit.id}`}
        title={kit.name}
        countText={`Kit · ${plural(kit.assetCount, 'asset')}`}
        description={kit.description || undefined}
        images={kit.cover ? [kit.cover] : kit.images}
      />
      <DownloadCollection collectionId={kit.id} label="Download kit" name={kit.name} compact />
    </div>
  )
}
