import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Anchor, Badge, Button, Checkbox, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { Route } from './+types/collection'
import { CollectionFields } from '~/components/CollectionFields/CollectionFields'
import { getUser } from '~/web/session.server'
import { Pagination } from '~/components/Pagination/Pagination'
import { PreviewFromUrl, withQuery } from '~/components/PreviewFromUrl/PreviewFromUrl'
import { CollectionGrid } from '~/components/CollectionGrid/CollectionGrid'
import { DownloadCollection } from '~/components/DownloadCollection/DownloadCollection'
import { JsonLd } from '~/components/JsonLd/JsonLd'
import {
  deleteCollection,
  getCollectionPage,
  moveInCollection,
  removeFromCollection,
  updateCollection,
} from '~/domain/collections/collections.server'
import { favouriteIdsAmong } from '~/domain/favourites/favourites.server'
import { getAssetPreview } from '~/domain/catalogue/preview.server'
import { CollectionFormSchema } from '~/lib/collections'
import { COLLECTION_PAGE_SIZE } from '~/lib/collection-limits'
import { SITE_NAME } from '~/lib/constants'
import { parseExploreParams } from '~/lib/explore-params'
import { idSchema, parseId } from '~/lib/ids'
import { loginHref } from '~/lib/redirects'
import { plural } from '~/lib/plural'
import { shareImageTags, withSharing } from '~/lib/sharing'
import { oembedHref } from '~/lib/share-links'
import { ShareMenu } from '~/components/ShareMenu/ShareMenu'
import { collectionPage } from '~/lib/collection-structured-data'
import { z } from '~/lib/zod'
import { servicesContext } from '~/web/context.server'
import { isDataRequest, readForm } from '~/web/http.server'
import { refusalStatus } from '~/web/refusals.server'

// /collections/{id}: a collection or a kit with its assets paged. Its owner (a kit: an admin)
// renames it, makes it public or private, reorders (up and down forms; dragging with
// JavaScript), removes assets and deletes it. A private collection is a 404 to anyone else.

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const id = parseId(params.id)
  if (!id) throw data(null, { status: 404 })
  const pageParam = url.searchParams.get('page')
  const page = pageParam === null ? 1 : parseId(pageParam)
  if (!page) throw data(null, { status: 404 })
  const { db, config } = context.get(servicesContext)
  const user = await getUser(request, context)
  const found = await getCollectionPage(db, id, user, { page, limit: COLLECTION_PAGE_SIZE })
  if (!found) throw data(null, { status: 404 })
  const params_ = parseExploreParams(url.searchParams)
  const [favourites, preview] = await Promise.all([
    favouriteIdsAmong(
      db,
      user?.id,
      found.assets.map((a) => a.id),
    ),
    params_.assetId ? getAssetPreview(db, params_.assetId, user) : null,
  ])
  return {
    ...found,
    page,
    pageCount: Math.max(1, Math.ceil(found.total / COLLECTION_PAGE_SIZE)),
    favouriteIds: [...favourites],
    preview,
    origin: config.appUrl,
  }
}

const OwnerAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('remove'), asset_id: idSchema() }),
  z.object({
    intent: z.literal('move'),
    asset_id: idSchema(),
    to: z.union([z.enum(['up', 'down']), z.coerce.number().int().min(0).max(100_000)]),
  }),
  z.object({ intent: z.literal('delete') }),
])

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id)
  if (!id) throw data(null, { status: 404 })
  const form = await readForm(request)
  const page = parseId(form.get('page')) ?? 1
  const here = `/collections/${id}${page > 1 ? `?page=${page}` : ''}`
  const user = await getUser(request, context)
  if (!user) return redirect(loginHref(here))
  const { db } = context.get(servicesContext)

  if (form.get('intent') === 'update') {
    const submission = parseWithZod(form, { schema: CollectionFormSchema })
    if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
    const updated = await updateCollection(db, user, id, submission.value)
    if (!updated.ok) {
      if (updated.reason === 'collection-not-found') throw data(null, { status: 404 })
      return data(
        { result: submission.reply({ formErrors: [updated.error] }), error: null },
        { status: refusalStatus(updated.reason) },
      )
    }
    if (!isDataRequest(request)) return redirect(here)
    return { result: submission.reply(), error: null }
  }

  const parsed = OwnerAction.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data({ result: undefined, error: 'That change could not be read.' }, { status: 400 })
  const input = parsed.data
  const outcome =
    input.intent === 'delete'
      ? await deleteCollection(db, user, id)
      : input.intent === 'remove'
        ? await removeFromCollection(db, user, id, input.asset_id)
        : await moveInCollection(db, user, id, input.asset_id, input.to)
  if (!outcome.ok) {
    if (outcome.reason === 'collection-not-found') throw data(null, { status: 404 })
    return data({ result: undefined, error: outcome.error }, { status: refusalStatus(outcome.reason) })
  }
  if (input.intent === 'delete') return redirect('/collections')
  if (!isDataRequest(request)) return redirect(here)
  return { result: undefined, error: null }
}

const pageMeta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Collection not found | ${SITE_NAME}` }]
  const { collection, origin } = loaderData
  const kind = collection.isKit ? 'A kit' : 'A collection'
  const description =
    collection.description ||
    `${kind} of ${plural(collection.assetCount, 'royalty-free AI-generated asset')}, by ${collection.owner.name}.`
  const url = `${origin}/collections/${collection.id}`
  return [
    { title: `${collection.name} | ${SITE_NAME}` },
    { name: 'description', content: description },
    { property: 'og:title', content: collection.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(collection.isPublic
      ? [
          ...shareImageTags(`${origin}/og/collections/${collection.id}.png`, collection.name),
          {
            tagName: 'link',
            rel: 'alternate',
            type: 'application/json+oembed',
            href: oembedHref(origin, url),
            title: collection.name,
          },
        ]
      : [{ name: 'robots', content: 'noindex' }]),
    { tagName: 'link', rel: 'canonical', href: url },
  ]
}

export default function CollectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, assets, page, pageCount, favouriteIds, preview, origin } = loaderData
  const base = `/collections/${collection.id}`
  const pageQuery = page > 1 ? `page=${page}` : ''
  return (
    <Container size="xl" py="xl">
      {collection.isPublic ? <JsonLd data={collectionPage(origin, collection, assets)} /> : null}
      <Anchor component={Link} to="/collections" size="sm">
        ← Collections
      </Anchor>
      <Group justify="space-between" align="flex-start" mt="xs" mb="lg" wrap="wrap" gap="md">
        <div>
          <Group gap="xs" align="center">
            <Title order={1}>{collection.name}</Title>
            {collection.isKit ? (
              <Badge variant="light">Kit</Badge>
            ) : collection.isPublic ? (
              <Badge variant="light" color="teal">
                Public
              </Badge>
            ) : (
              <Badge variant="light" color="gray">
                Private
              </Badge>
            )}
          </Group>
          <Text c="dimmed" mt={4}>
            {plural(collection.assetCount, 'asset')} · by {collection.owner.name}
          </Text>
          {collection.description ? (
            <Text mt="sm" maw={720} style={{ whiteSpace: 'pre-line' }}>
              {collection.description}
            </Text>
          ) : null}
          {/* Only a public collection has a link worth sharing. */}
          {collection.isPublic ? (
            <ShareMenu path={base} title={collection.name} image={collection.coverPreview || null} />
          ) : null}
        </div>
        {collection.assetCount > 0 ? (
          <DownloadCollection
            collectionId={collection.id}
            name={collection.name}
            label={collection.isKit ? 'Download kit' : 'Download as ZIP'}
          />
        ) : null}
      </Group>

      {actionData?.error ? (
        <Alert color="red" role="alert" mb="md">
          {actionData.error}
        </Alert>
      ) : null}

      {collection.canEdit ? <CollectionSettings collection={collection} lastResult={actionData?.result} /> : null}

      {assets.length === 0 ? (
        <Stack align="center" py={48} gap="sm">
          <Text>
            {collection.canEdit
              ? 'Nothing here yet. Use ‘Save to collection’ on any asset to add it.'
              : 'This collection is empty.'}
          </Text>
          <Button component={Link} to="/explore">
            Explore assets
          </Button>
        </Stack>
      ) : (
        <CollectionGrid
          key={`${collection.id}-${page}`}
          collectionId={collection.id}
          assets={assets}
          favouriteIds={favouriteIds}
          editable={collection.canEdit}
          page={page}
          offset={(page - 1) * COLLECTION_PAGE_SIZE}
          total={collection.assetCount}
          previewHref={(assetId) => withQuery(base, pageQuery, { assetId: String(assetId) })}
        />
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)} />
      {collection.canEdit ? <DeleteCollection collectionId={collection.id} isKit={collection.isKit} /> : null}
      <PreviewFromUrl preview={preview} />
    </Container>
  )
}

type Summary = Route.ComponentProps['loaderData']['collection']

/** Rename, describe, public or private: one form, closed by default. */
function CollectionSettings({
  collection,
  lastResult,
}: {
  collection: Summary
  lastResult: SubmissionResult<string[]> | null | undefined
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof CollectionFormSchema>>({
    id: `collection-settings-${collection.id}`,
    lastResult,
    defaultValue: {
      name: collection.name,
      description: collection.description,
      isPublic: collection.isPublic ? 'on' : undefined,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CollectionFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update'
  const failed = Boolean(form.errors?.length || fields.name.errors?.length || fields.description.errors?.length)
  return (
    <details open={failed || undefined} style={{ marginBottom: 24 }}>
      <summary style={{ cursor: 'pointer', fontWeight: 600 }}>Edit collection</summary>
      <Form method="post" {...getFormProps(form)} style={{ maxWidth: 560, marginTop: 12 }}>
        <input type="hidden" name="intent" value="update" />
        <Stack gap="sm">
          <CollectionFields formErrors={form.errors} name={fields.name} description={fields.description} />
          {collection.isKit ? (
            <>
              <input type="hidden" name="isPublic" value="on" />
              <Text size="sm" c="dimmed">
                A kit is always public. Its cover and place are set in the admin’s Kits screen.
              </Text>
            </>
          ) : (
            <Checkbox
              name="isPublic"
              label="Public: anyone with the link can see it, and it is listed for search engines"
              defaultChecked={collection.isPublic}
              key={`${fields.isPublic.key}-${collection.isPublic}`}
            />
          )}
          <Group>
            <Button type="submit" loading={busy}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </Form>
    </details>
  )
}

/** Deleting asks twice without a dialog: the button is behind a disclosure. */
function DeleteCollection({ collectionId, isKit }: { collectionId: number; isKit: boolean }) {
  return (
    <details style={{ marginTop: 40 }}>
      <summary style={{ cursor: 'pointer', color: 'var(--mantine-color-error)' }}>
        Delete this {isKit ? 'kit' : 'collection'}…
      </summary>
      <Form method="post" action={`/collections/${collectionId}`} style={{ marginTop: 12 }}>
        <input type="hidden" name="intent" value="delete" />
        <Text size="sm" mb="xs">
          The assets stay in the library; only the {isKit ? 'kit' : 'collection'} goes.
        </Text>
        <Button type="submit" color="red" variant="light">
          Delete {isKit ? 'kit' : 'collection'}
        </Button>
      </Form>
    </details>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
