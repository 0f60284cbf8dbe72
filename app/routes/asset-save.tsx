import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Anchor, Badge, Button, Checkbox, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { Route } from './+types/asset-save'
import { CollectionFields } from '~/components/CollectionFields/CollectionFields'
import { getUser, requireUser } from '~/web/session.server'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { getPublishedAsset } from '~/domain/catalogue/assets.server'
import {
  addToCollection,
  createCollection,
  removeFromCollection,
  saveTargets,
} from '~/domain/collections/collections.server'
import { CollectionFormSchema } from '~/lib/collections'
import { SITE_NAME } from '~/lib/constants'
import { idSchema, parseId } from '~/lib/ids'
import { loginHref, safeRedirectPath } from '~/lib/redirects'
import { plural } from '~/lib/plural'
import { z } from '~/lib/zod'
import { servicesContext } from '~/web/context.server'
import { isDataRequest, readForm } from '~/web/http.server'
import { refusalStatus } from '~/web/refusals.server'

// /assets/{id}/save: 'Save to collection' as a page and its forms, for every door that shows
// an asset (card, dialog, asset page). Without JavaScript the save button opens this page; with
// JavaScript the save menu reads the same loader and posts to the same action through fetchers.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Save ${loaderData?.asset.title ?? 'asset'} to a collection | ${SITE_NAME}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const id = parseId(params.id)
  if (!id) throw data(null, { status: 404 })
  const user = await requireUser(request, context, url)
  const { db } = context.get(servicesContext)
  const asset = await getPublishedAsset(db, id)
  if (!asset) throw data(null, { status: 404 })
  const targets = await saveTargets(db, user, id)
  return {
    asset: { id: asset.id, title: asset.title, thumbnail: asset.thumbnail },
    targets,
    back: safeRedirectPath(url.searchParams.get('back'), `/assets/${id}`),
  }
}

const Change = z.object({
  intent: z.enum(['add', 'remove']),
  collection_id: idSchema('Choose a collection.'),
})

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id)
  if (!id) throw data(null, { status: 404 })
  const form = await readForm(request)
  const back = safeRedirectPath(String(form.get('back') ?? ''), `/assets/${id}`)
  const here = `/assets/${id}/save?back=${encodeURIComponent(back)}`
  const user = await getUser(request, context)
  if (!user) return redirect(loginHref(here))
  const { db } = context.get(servicesContext)

  if (form.get('intent') === 'create') {
    const submission = parseWithZod(form, { schema: CollectionFormSchema })
    // The page shows the field's message from `result`; the menu over a card, `error`.
    if (submission.status !== 'success')
      return data(
        { ok: false as const, result: submission.reply(), error: firstError(submission.error) },
        { status: 400 },
      )
    const created = await createCollection(db, user, submission.value)
    if (!created.ok)
      return data(
        { ok: false as const, result: submission.reply({ formErrors: [created.error] }), error: created.error },
        { status: refusalStatus(created.reason) },
      )
    const added = await addToCollection(db, user, created.value.id, id)
    if (!added.ok) return data({ ok: false as const, result: undefined, error: added.error }, { status: 404 })
    if (!isDataRequest(request)) return redirect(here)
    return {
      ok: true as const,
      result: submission.reply({ resetForm: true }),
      error: null,
      collectionId: created.value.id,
    }
  }

  const parsed = Change.safeParse(Object.fromEntries(form))
  if (!parsed.success)
    return data({ ok: false as const, result: undefined, error: 'Choose a collection.' }, { status: 400 })
  const { intent, collection_id: collectionId } = parsed.data
  const outcome =
    intent === 'add'
      ? await addToCollection(db, user, collectionId, id)
      : await removeFromCollection(db, user, collectionId, id)
  // Taking out an asset that is not there leaves things as asked.
  if (!outcome.ok && outcome.reason !== 'not-in-collection')
    return data(
      { ok: false as const, result: undefined, error: outcome.error },
      { status: refusalStatus(outcome.reason) },
    )
  if (!isDataRequest(request)) return redirect(here)
  return { ok: true as const, result: undefined, error: null, collectionId }
}

export default function SaveToCollectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { asset, targets, back } = loaderData
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'new-collection',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CollectionFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = (intent: string, collectionId?: number) =>
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    (collectionId === undefined || navigation.formData?.get('collection_id') === String(collectionId))
  return (
    <Container size="sm" py="xl">
      <Anchor component={Link} to={back} size="sm">
        ← Back
      </Anchor>
      <Group gap="md" mt="sm" mb="lg" wrap="nowrap" align="center">
        <AssetImage
          src={asset.thumbnail}
          alt=""
          width={72}
          height={72}
          style={{ width: 72, height: 72, objectFit: 'contain', borderRadius: 8, background: 'var(--app-surface)' }}
        />
        <div>
          <Title order={1} fz={26}>
            Save to collection
          </Title>
          <Text c="dimmed">{asset.title}</Text>
        </div>
      </Group>
      {actionData?.error && !actionData.result ? (
        <Alert color="red" role="alert" mb="md">
          {actionData.error}
        </Alert>
      ) : null}
      {targets.length === 0 ? (
        <Text mb="md">You have no collections yet: make the first one below.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="save-targets">
          {targets.map((t) => (
            <Paper component="li" key={t.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/collections/${t.id}`} fw={600}>
                    {t.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t.isKit ? 'Kit' : t.isPublic ? 'Public' : 'Private'} · {plural(t.assetCount, 'asset')}
                    {t.contains ? ' · saved here' : ''}
                  </Text>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value={t.contains ? 'remove' : 'add'} />
                  <input type="hidden" name="collection_id" value={t.id} />
                  <input type="hidden" name="back" value={back} />
                  <Button
                    type="submit"
                    variant={t.contains ? 'light' : 'filled'}
                    loading={busy(t.contains ? 'remove' : 'add', t.id)}
                    aria-label={t.contains ? `Remove from ${t.name}` : `Save to ${t.name}`}
                  >
                    {t.contains ? 'Remove' : 'Save'}
                  </Button>
                </Form>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Paper withBorder radius="md" p="md" mt="lg">
        <Title order={2} fz={18} mb="sm">
          New collection
        </Title>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="back" value={back} />
          <Stack gap="sm">
            <CollectionFields formErrors={form.errors} name={fields.name} />
            <Checkbox name="isPublic" label="Public (anyone with the link can see it)" />
            <Group>
              <Button type="submit" loading={busy('create')}>
                Create and save
              </Button>
              <Badge variant="transparent" color="gray">
                Private unless made public
              </Badge>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </Container>
  )
}

function firstError(errors: Record<string, string[] | null> | null | undefined): string | null {
  return Object.values(errors ?? {}).find((messages) => messages?.length)?.[0] ?? null
}
