import type { DownloadStarted as Started } from '~/lib/download-started'
import { licencePath } from '~/lib/licence-id'
import classes from './DownloadStarted.module.css'

/**
 * Under the header after a plain download post (a single file without JavaScript, a ZIP either
 * way): the file starts by itself (the page's meta refresh), and this says under which licence,
 * with the way to prove it. Plain elements: the root layout carries it on every page, so it adds
 * no component chunk.
 */
export function DownloadStarted(started: Started) {
  return (
    <div className={classes.frame}>
      <section
        className={classes.banner}
        role="status"
        aria-labelledby="download-started"
        data-testid="download-started"
      >
        <h2 className={classes.title} id="download-started">
          {started.kind === 'zip' ? 'Your ZIP download has started' : 'Your download has started'}
        </h2>
        {started.kind === 'zip' ? (
          <p className={classes.line}>
            Each file in it is licensed to you under its own licence, listed in its README.txt and in{' '}
            <a href="/profile/licences">your licences</a>.
          </p>
        ) : (
          <p className={classes.line}>
            It is licensed to you under licence{' '}
            <a href={licencePath(started.licenceId)}>
              <strong>{started.licenceId}</strong>
            </a>
            .
          </p>
        )}
        <p className={classes.links}>
          {started.kind === 'file' ? (
            <a href={`${licencePath(started.licenceId)}.pdf`}>Licence certificate (PDF)</a>
          ) : null}
          <a href={started.fileUrl}>Download again</a>
        </p>
      </section>
    </div>
  )
}
