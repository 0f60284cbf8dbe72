import { Link } from 'react-router'
import { Text, Title } from '@mantine/core'
import { ButtonLink, Hidden, Row } from '~/components/Plain/Plain'
import type { AssetView } from '~/lib/asset-view'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { DownloadCollection } from '~/components/DownloadCollection/DownloadCollection'
import { plural } from '~/lib/plural'
import classes from './CollectionsStrip.module.css'

interface StripKit {
  id: number
  name: string
  assetCount: number
  cover: string
}

/**
 * 'Big collections. No code required.' with five assets and two links, then the artist's kits
 * (when there are any), each with 'Download kit'.
 */
export function CollectionsStrip({ assets, kits = [] }: { assets: AssetView[]; kits?: StripKit[] }) {
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
                <AssetImage src={asset.thumbnail} alt={asset.title} whole />
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {kits.length ? (
        <div className={classes.kitsRow}>
          <div className={classes.kitsHead}>
            <Title order={3} fz={20}>
              The artist’s kits
            </Title>
            <Link to="/collections" className={classes.kitsAll}>
              All collections
            </Link>
          </div>
          <ul className={classes.kits} data-testid="home-kits">
            {kits.map((kit) => (
              <li key={kit.id} className={classes.kit}>
                <Link to={`/collections/${kit.id}`} className={classes.kitLink}>
                  <span className={classes.kitCover}>
                    <AssetImage src={kit.cover} alt="" whole />
                  </span>
                  <span className={classes.kitText}>
                    <span className={classes.kitName}>{kit.name}</span>
                    <span className={classes.kitCount}>{plural(kit.assetCount, 'asset')}</span>
                  </span>
                </Link>
                <DownloadCollection collectionId={kit.id} name={kit.name} label="Download kit" compact />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
