import { Title } from '@mantine/core'
import type { TagSummary } from '~/domain/catalogue/search.server'
import { PLACEHOLDER_IMAGE } from '~/lib/constants'
import classes from './BrowseByTag.module.css'
import { plural } from '~/lib/plural'

/**
 * 'Browse by Tag': the most used tags. Each card is a plain link, so following it is a full
 * page load to /explore?q=<tag>, with or without JavaScript.
 */
export function BrowseByTag({ tags }: { tags: TagSummary[] }) {
  return (
    <section className={classes.section} aria-labelledby="browse-by-tag-heading">
      <Title order={2} id="browse-by-tag-heading" mb="md">
        Browse by Tag
      </Title>
      <ul className={classes.row}>
        {tags.map((tag) => (
          <li key={tag.tag} className={classes.slide}>
            <a href={`/explore?q=${encodeURIComponent(tag.tag)}`} className={classes.card}>
              <img src={tag.thumbnail || PLACEHOLDER_IMAGE} alt="" className={classes.image} loading="lazy" />
              <span className={classes.name}>{tag.tag}</span>
              <span className={classes.count}>{plural(tag.count, 'asset')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
