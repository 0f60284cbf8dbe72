import { CollectionTile } from '~/components/CollectionTile/CollectionTile'
import type { ComingAsset } from '~/lib/early-access'
import { formatScheduleTime } from '~/lib/schedule-time'
import classes from './EarlyAccessList.module.css'

/** The assets in early access, each with when it goes live; each leads to its page for Pro only. */
export function EarlyAccessList({ items, open }: { items: ComingAsset[]; open: boolean }) {
  if (!items.length) return null
  return (
    <ul className={classes.list} data-testid="early-access-list">
      {items.map((item) => (
        <li key={item.id}>
          <CollectionTile
            href={open ? `/assets/${item.id}` : undefined}
            title={item.title}
            countText={`Public on ${formatScheduleTime(item.publicAt, 'UTC')}`}
            images={[item.thumbnail]}
          />
        </li>
      ))}
    </ul>
  )
}
