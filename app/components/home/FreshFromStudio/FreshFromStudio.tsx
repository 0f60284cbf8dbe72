import { Container, Title } from '@mantine/core'
import { AssetCard } from '~/components/AssetCard/AssetCard'
import { ButtonLink, Row } from '~/components/Plain/Plain'
import { withQuery } from '~/components/PreviewFromUrl/PreviewFromUrl'
import type { AssetView } from '~/lib/asset-view'
import classes from './FreshFromStudio.module.css'

/**
 * 'Fresh from the studio': the newest HOME_GRID_SIZE (12) assets at their real shapes in
 * masonry columns by width (2 to 4). Columns fill to about one height whatever the shapes, so the
 * section never ends on a part-empty row, and a phone gets two compact columns rather than one
 * screen-high card per row.
 */
export function FreshFromStudio({ assets, favourites }: { assets: AssetView[]; favourites: Set<number> }) {
  return (
    <Container size="xl" py={56} component="section" aria-labelledby="home-grid-heading">
      <Title order={2} id="home-grid-heading" mb="md">
        Fresh from the studio
      </Title>
      <div className={classes.masonry} data-testid="home-grid">
        {assets.map((asset) => (
          <AssetCard
            key={asset.id}
            asset={asset}
            isFavourite={favourites.has(asset.id)}
            frame="columns"
            previewHref={withQuery('/', '', { assetId: String(asset.id) })}
          />
        ))}
      </div>
      <Row justify="center" mt="xl">
        <ButtonLink to="/explore" size="md">
          View more assets
        </ButtonLink>
      </Row>
    </Container>
  )
}
