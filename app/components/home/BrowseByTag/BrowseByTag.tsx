import { Title } from '@mantine/core'
import type { TagSummary } from '~/domain/catalogue/search.server'
import { PLACEHOLDER_IMAGE } from '~/lib/constants'
import classes from './BrowseByTag.module.css'
import { plural } from '~/lib/plural'
import { tagExploreUrl } from '~/lib/tags'

/**
 * 'Browse by Tag': the most used tags. Each card is a plain link, so following it is a full
 * page load to /explore?tags=<tag>, with or without JavaScript: the tag filter, which finds
 * exactly the count the card shows.
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
            <a href={tagExploreUrl(tag.tag)} className={classes.card}>
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
