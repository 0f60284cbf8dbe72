import { Link } from 'react-router'
import { ButtonAnchor } from '~/components/Plain/Plain'
import { Text, Title } from '@mantine/core'
import type { AssetView } from '~/lib/asset-view'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { SearchForm } from '~/components/SearchForm/SearchForm'
import classes from './Hero.module.css'

export const COLLAGE_SIZE = 7
export const FLOATING_SIZE = 4

/**
 * The hero: heading, search, a collage of 7 images with 4 floating ones, 'Scroll Down' and a
 * blog teaser. Its bottom edge drives the header search (id hero-section).
 */
export function Hero({ collage, floating }: { collage: AssetView[]; floating: AssetView[] }) {
  return (
    <section id="hero-section" className={classes.hero}>
      <div className={classes.inner}>
        <div className={classes.copy}>
          <Title order={1} className={classes.heading}>
            Where AI Becomes the Artist
          </Title>
          <Text size="lg" c="dimmed" maw={560}>
            Royalty-free 3D renders, images and audio, generated and hand-curated by one artist. Free for commercial
            use, no attribution needed.
          </Text>
          <div className={classes.search}>
            <SearchForm size="lg" label="Search assets (hero)" />
          </div>
          <div className={classes.actions}>
            <ButtonAnchor href="#why-choose-us" variant="default" size="md">
              Scroll Down
            </ButtonAnchor>
          </div>
          <Link to="/blog" className={classes.teaser}>
            <span className={classes.teaserLabel}>From the blog</span>
            <span>How the renders are made, licensing made simple, and what's new in the library →</span>
          </Link>
        </div>
        {/* Only the large tile loads eagerly: on a phone the collage is below the first screen,
            and ten more images fetched at once slowed the first paint (the rest fade in lazily). */}
        <div className={classes.collage} role="group" aria-label="Featured assets">
          {collage.slice(0, COLLAGE_SIZE).map((asset, i) => (
            <Link
              key={asset.id}
              to={`/?assetId=${asset.id}`}
              preventScrollReset
              className={classes.tile}
              data-index={i}
              title={asset.title}
            >
              <AssetImage
                src={asset.thumbnail}
                alt={asset.title}
                loading={i === 0 ? 'eager' : 'lazy'}
                className={classes.tileImage}
              />
            </Link>
          ))}
          {floating.slice(0, FLOATING_SIZE).map((asset, i) => (
            <Link
              key={asset.id}
              to={`/?assetId=${asset.id}`}
              preventScrollReset
              className={classes.floating}
              data-index={i}
              title={asset.title}
            >
              <AssetImage src={asset.thumbnail} alt={asset.title} className={classes.tileImage} />
            </Link>
          ))}
        </div>
      </div>
    </section>
  )
}
