import { Link } from 'react-router'
import { Cluster, Txt } from '~/components/Plain/Typography'
import classes from './Pagination.module.css'

interface PaginationProps {
  page: number
  pageCount: number
  hrefFor: (page: number) => string
}

/** Previous, Next and 'Page X of Y': plain links, so they work without JavaScript. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pagination">
      <Cluster justify="center" gap="md" mt="xl">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={classes.button} rel="prev">
            Previous
          </Link>
        ) : (
          <span className={classes.button} aria-disabled="true">
            Previous
          </span>
        )}
        <Txt>
          Page {page} of {pageCount}
        </Txt>
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={classes.button} rel="next">
            Next
          </Link>
        ) : (
          <span className={classes.button} aria-disabled="true">
            Next
          </span>
        )}
      </Cluster>
    </nav>
  )
}
