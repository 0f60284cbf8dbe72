import { Page } from '~/components/Page/Page'
import type { Route } from './+types/upload'

export const meta: Route.MetaFunction = () => [{ title: 'Upload Assets | AI Stock Library' }]

export default function AdminUploadPage() {
  return <Page title="Upload Assets" lead="Upload images with CSV metadata." />
}
