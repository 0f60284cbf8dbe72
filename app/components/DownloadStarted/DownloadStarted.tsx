import { licencePath } from '~/lib/licence-id'
import classes from './DownloadStarted.module.css'

/**
 * Under the header after a plain (no JavaScript) download: the file starts by itself (the
 * page's meta refresh), and this says under which licence, with the way to prove it. Plain
 * elements: the root layout carries it on every page, so it adds no component chunk.
 */
export function DownloadStarted({ fileUrl, licenceId }: { fileUrl: string; licenceId: string }) {
  return (
    <div className={classes.frame}>
      <section
        className={classes.banner}
        role="status"
        aria-labelledby="download-started"
        data-testid="download-started"
      >
        <h2 className={classes.title} id="download-started">
          Your download has started
        </h2>
        <p className={classes.line}>
          It is licensed to you under licence{' '}
          <a href={licencePath(licenceId)}>
            <strong>{licenceId}</strong>
          </a>
          .
        </p>
        <p className={classes.links}>
          <a href={`${licencePath(licenceId)}.pdf`}>Licence certificate (PDF)</a>
          <a href={fileUrl}>Download again</a>
        </p>
      </section>
    </div>
  )
}
