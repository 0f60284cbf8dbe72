import { Link } from 'react-router'
import { Text, Title } from '@mantine/core'
import { ButtonLink, Hidden, Row } from '~/components/Plain/Plain'
import type { AssetView } from '~/lib/asset-view'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import classes from './CollectionsStrip.module.css'

/** 'Big collections. No code required.' with five assets and two links. */
export function CollectionsStrip({ assets }: { assets: AssetView[] }) {
  return (
    <section className={classes.section} aria-labelledby="collections-strip-heading">
      <div className={classes.inner}>
        <div>
          <Title order={2} id="collections-strip-heading">
            Big collections. No code required.
          </Title>
          <Text mt="xs" maw={520}>
            Transparent PNGs you can drop straight into a slide, a landing page or a video. Search, preview, download.
          </Text>
          <Row mt="md">
            <ButtonLink to="/explore">Explore Assets</ButtonLink>
            <ButtonLink to="/pricing" variant="default">
              {/* 'Learn More', with a purpose a screen reader (and a search engine) can tell. */}
              Learn More<Hidden> about plans and pricing</Hidden>
            </ButtonLink>
          </Row>
        </div>
        <ul className={classes.strip} data-testid="hero-strip">
          {assets.map((asset) => (
            <li key={asset.id}>
              <Link to={`/?assetId=${asset.id}`} preventScrollReset className={classes.item} title={asset.title}>
                <AssetImage src={asset.thumbnail} alt={asset.title} className={classes.image} />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
