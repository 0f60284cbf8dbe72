import { useFetcher, useLocation } from 'react-router'
import { FAVOURITE_SAVED } from '~/lib/redirects'
import { withQuery } from '~/lib/with-query'
import classes from './FavouriteButton.module.css'

interface FavouriteButtonProps {
  assetId: number
  isFavourite: boolean
  className?: string
  size?: number
}

/**
 * The heart: a form that posts to the favourites action (signed-out visitors are sent to
 * sign in there, and the favourite is saved once they are). With JavaScript it is a fetcher that shows the new state at once.
 */
export function FavouriteButton({ assetId, isFavourite, className, size = 20 }: FavouriteButtonProps) {
  const fetcher = useFetcher()
  const location = useLocation()
  const pending = fetcher.formData?.get('intent')
  const favourite = pending ? pending === 'add' : isFavourite
  const label = favourite ? 'Remove from favorites' : 'Add to favorites'
  return (
    <fetcher.Form
      method="post"
      action="/favorites"
      className={`${classes.form} ${className ?? ''}`}
      data-favourite={favourite ? 'true' : undefined}
      onClick={(event) => event.stopPropagation()}
    >
      <input type="hidden" name="asset_id" value={assetId} />
      <input type="hidden" name="intent" value={favourite ? 'remove' : 'add'} />
      {/* Back to this page, without the note of a favourite saved at sign-in. */}
      <input
        type="hidden"
        name="redirectTo"
        value={withQuery(location.pathname, location.search, { [FAVOURITE_SAVED.key]: null })}
      />
      <button type="submit" className={classes.button} aria-label={label} title={label} aria-pressed={favourite}>
        <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.2 0 3.6 1.2 5.3 3.1 1.7-1.9 3.1-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"
            fill={favourite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </fetcher.Form>
  )
}
