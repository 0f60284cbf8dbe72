import { useLocation } from 'react-router'
import { ZIP_FORMATS, ZIP_FORMAT_LABELS, bundleRefusalText } from '~/lib/collection-limits'
import { withoutDownloadStarted } from '~/lib/download-started'
import classes from './DownloadCollection.module.css'

interface DownloadCollectionProps {
  collectionId: number
  name: string
  label?: string
  /** A tile's button: the originals, no format to pick. */
  compact?: boolean
}

/**
 * 'Download as ZIP': a plain form post (no fetcher), the same with or without JavaScript: the
 * page comes back with the granted ZIP's link, which starts by itself (the root's meta refresh and
 * banner), or with a refusal's reason (the quota) in the URL, said here. Plain elements: it stands on the home page, whose
 * JavaScript is counted.
 */
export function DownloadCollection({
  collectionId,
  name,
  label = 'Download as ZIP',
  compact,
}: DownloadCollectionProps) {
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  const refused =
    params.get('zip') === String(collectionId)
      ? bundleRefusalText(params.get('reason'), params.get('needed'), params.get('left'))
      : null
  for (const key of ['zip', 'reason', 'needed', 'left']) params.delete(key)
  // Back to this page as it is, without the last ZIP's or download's outcome.
  const back = withoutDownloadStarted(pathname, `?${params}`)
  const selectId = `zip-format-${collectionId}`
  return (
    <div>
      <form
        method="post"
        action={`/collections/${collectionId}/download`}
        className={classes.form}
        data-testid="download-collection"
      >
        <input type="hidden" name="back" value={back} />
        {compact ? (
          <input type="hidden" name="format" value="original" />
        ) : (
          <span className={classes.field}>
            <label htmlFor={selectId} className={classes.label}>
              Format
            </label>
            <select id={selectId} name="format" defaultValue="original" className={classes.select}>
              {ZIP_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {ZIP_FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </span>
        )}
        <button
          type="submit"
          className={classes.button}
          data-compact={compact ? 'true' : undefined}
          aria-label={`${label}: ${name}`}
        >
          {label}
        </button>
      </form>
      {refused ? (
        <p className={classes.refused} role="alert" data-testid="zip-refused">
          {refused.text} {refused.upgrade ? <a href="/pricing">See Pro</a> : null}
        </p>
      ) : null}
    </div>
  )
}
