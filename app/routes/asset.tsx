import { Page } from '~/components/Page/Page'
import type { Route } from './+types/asset'

export default function AssetPage({ params }: Route.ComponentProps) {
  return <Page title={`Asset ${params.id}`} />
}
