import { data, Link } from 'react-router'
import { Anchor, Container, Group, Text } from '@mantine/core'
import type { Route } from './+types/asset-figures'
import { getAdmin } from '~/web/session.server'
import { assetFigures } from '~/domain/analytics/tables.server'
import { parseWindow } from '~/domain/analytics/figures.server'
import { publicFileUrl } from '~/platform/storage.server'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { FigureChart } from '~/components/admin/FigureChart/FigureChart'
import { WindowLinks } from '~/components/admin/FigureChart/WindowLinks'
import { StatTiles, formatCount } from '~/components/admin/StatTiles/StatTiles'
import { PublicationBadge } from '~/components/admin/TagList/TagList'
import { ASSET_FIGURE_SERIES } from '~/lib/figure-series'
import { SITE_NAME } from '~/lib/constants'
import { parseId } from '~/lib/ids'
import { plural } from '~/lib/plural'
import { servicesContext } from '~/web/context.server'

// What one asset earns: its views, previews, favourites, downloads and licences, of all time
// and per day over 30 or 90 days (the same functions as the analytics page: decision 91).
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const id = parseId(params.id)
  const days = parseWindow(url.searchParams.get('days'))
  const { db, config } = context.get(servicesContext)
  const figures = id ? await assetFigures(db, id, { days }) : null
  if (!figures) throw data(null, { status: 404 })
  return {
    days,
    demo: config.demoMode,
    asset: {
      id: figures.asset.id,
      title: figures.asset.title,
      asset_type: figures.asset.asset_type,
      category: figures.asset.category,
      is_active: figures.asset.is_active,
      download_count: figures.asset.download_count,
      thumbnail: publicFileUrl(figures.asset.thumb_png_key),
    },
    totals: figures.totals,
    daily: figures.daily,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Figures: ${loaderData?.asset.title ?? 'Asset'} | Admin | ${SITE_NAME}` },
]

export default function AssetFiguresPage({ loaderData }: Route.ComponentProps) {
  const { asset, totals, daily, days, demo } = loaderData
  const series = ASSET_FIGURE_SERIES.filter((s) => s.key !== 'preview_plays' || asset.asset_type === 'audio')
  return (
    <Container size="xl" py="xl">
      <AdminHeader
        title={`Figures: ${asset.title}`}
        lead={
          <Group gap="xs" component="span" wrap="wrap">
            <span>
              {asset.category || 'No category'} · {asset.asset_type}
            </span>
            {asset.is_active ? null : <PublicationBadge isActive={false} />}
          </Group>
        }
        actions={
          <Group gap="md">
            {asset.thumbnail ? (
              <AssetImage
                src={asset.thumbnail}
                alt=""
                width={48}
                height={48}
                style={{ width: 48, height: 48, objectFit: 'contain' }}
              />
            ) : null}
            <Anchor component={Link} to={`/admin/assets?preview=${asset.id}`} size="sm">
              Back to the asset
            </Anchor>
          </Group>
        }
      />
      <Text size="sm" c="dimmed" mb="xs">
        All time
      </Text>
      <StatTiles tiles={series.map((s) => ({ label: s.label, value: formatCount(totals[s.key]) }))} />
      <Text size="sm" c="dimmed" mb="md" data-testid="download-counter">
        Visitors see {plural(asset.download_count, 'download')}: the dated downloads above add up to{' '}
        {formatCount(totals.downloads)}.
        {/* A licence names a file delivered to someone: the seed invents none (decision 96). */}
        {demo ? " The demo catalogue's downloads are dated history without licences or accounts." : null}
      </Text>
      <WindowLinks days={days} hrefFor={(n) => (n === 30 ? '?' : `?days=${n}`)} />
      <FigureChart
        id="asset-daily"
        title={`Per day, last ${days} days`}
        unit="day"
        xLabel="Day (UTC)"
        series={[...series]}
        rows={daily.map((d) => ({ label: d.day, values: d }))}
        csvHref={`/admin/assets/${asset.id}/figures.csv${days === 30 ? '' : `?days=${days}`}`}
      />
    </Container>
  )
}
