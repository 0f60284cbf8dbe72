import { Link } from 'react-router'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { formatScheduleTime } from '~/lib/schedule'
import type { AssetView } from '~/lib/asset-view'
import classes from './EarlyAccessList.module.css'

/** The assets in early access, each with when it goes live; linked to its page for Pro only. */
export function EarlyAccessList({ items, open }: { items: { asset: AssetView; publicAt: string }[]; open: boolean }) {
  if (!items.length) return null
  return (
    <ul className={classes.list} data-testid="early-access-list">
      {items.map(({ asset, publicAt }) => (
        <li key={asset.id} className={classes.item}>
          <span className={classes.frame}>
            <AssetImage src={asset.thumbnail} alt="" className={classes.image} />
          </span>
          <span className={classes.text}>
            {open ? (
              <Link to={`/assets/${asset.id}`} className={classes.title}>
                {asset.title}
              </Link>
            ) : (
              <span className={classes.title}>{asset.title}</span>
            )}
            <span className={classes.when}>Public on {formatScheduleTime(publicAt, 'UTC')}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
