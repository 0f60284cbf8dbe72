import { data, redirect } from 'react-router'
import type { Route } from './+types/collection-download'
import { getUser } from '~/web/session.server'
import { collectionAssetIds, getCollection } from '~/domain/collections/collections.server'
import { grantBundle } from '~/domain/downloads/bundle.server'
import { zipLink } from '~/domain/downloads/downloads.server'
import { zipStartedHref } from '~/lib/download-started'
import { signingSecret } from '~/platform/signing.server'
import { parseId } from '~/lib/ids'
import { loginHref, safeRedirectPath } from '~/lib/redirects'
import { withQuery } from '~/lib/with-query'
import { servicesContext } from '~/web/context.server'
import { readForm } from '~/web/http.server'

// POST /collections/{id}/download: a collection or kit as one ZIP. A plain form post, with or
// without JavaScript: the grant spends the downloads, then the page it came from comes back
// with the ZIP's signed link, which it starts (a meta refresh) and says so, its header showing
// what is left today. A refusal (the quota, nothing to download) comes back there too, with why.

export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id)
  if (!id) throw data(null, { status: 404 })
  return redirect(`/collections/${id}`)
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id)
  if (!id) throw data(null, { status: 404 })
  const form = await readForm(request)
  const back = safeRedirectPath(String(form.get('back') ?? ''), `/collections/${id}`)
  const user = await getUser(request, context)
  if (!user) return redirect(loginHref(back))
  const { db, storage, config } = context.get(servicesContext)
  const [collection, assetIds] = await Promise.all([getCollection(db, id, user), collectionAssetIds(db, id, user)])
  if (!collection || !assetIds) throw data(null, { status: 404 })
  const format = String(form.get('format') ?? 'original')
  const grantedAt = new Date()
  const grant = await grantBundle(db, storage, {
    user,
    assetIds,
    format,
    name: collection.name,
    siteUrl: config.appUrl,
    now: grantedAt,
  })
  if (!grant.ok) {
    const [path, search] = back.split('?') as [string, string | undefined]
    // The quota's counts go with the reason: the page says what the ZIP needs and what is left.
    const quota = grant.reason === 'quota-exceeded'
    const counts = { needed: quota ? String(grant.needed) : null, left: quota ? String(grant.left) : null }
    return redirect(
      withQuery(path, search ? `?${search}` : '', { zip: String(id), reason: grant.reason, ...counts }),
      303,
    )
  }
  // The bytes come from the link; this answer only grants them.
  await grant.stream.cancel()
  const files = grant.files.map((file) => file.assetId)
  const token = zipLink(signingSecret(config), {
    collectionId: id,
    userId: user.id,
    assetIds: files,
    format,
    grantedAt,
  })
  return redirect(zipStartedHref(back, token), 303)
}
