import classes from '~/components/DownloadStarted/DownloadStarted.module.css'

export const FAVOURITE_SAVED_TEXT = 'Saved to your favourites'

/**
 * Under the header once a visitor who tapped a heart has signed in: the favourite they asked
 * for was saved then. Plain elements, as the download banner beside it in the root layout.
 */
export function FavouriteSaved() {
  return (
    <div className={classes.frame}>
      <section className={classes.banner} role="status" aria-labelledby="favourite-saved" data-testid="favourite-saved">
        <h2 className={classes.title} id="favourite-saved">
          {FAVOURITE_SAVED_TEXT}
        </h2>
        <p className={classes.line}>
          You are signed in, and the asset you chose is kept in <a href="/favorites">your favourites</a>.
        </p>
      </section>
    </div>
  )
}
