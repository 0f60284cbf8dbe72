import { data, Form, Link, redirect, useNavigation } from 'react-router'
import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import type { Route } from './+types/assets'
import { getAdmin } from '~/web/session.server'
import {
  deleteAssets,
  getAssetForAdmin,
  getAssetsForAdmin,
  listAssetsForAdmin,
  setPublished,
} from '~/domain/catalogue/assets.server'
import { editAsset } from '~/domain/catalogue/scheduled-publishing.server'
import { assetCategories, bulkEditAssets } from '~/domain/catalogue/bulk-edit.server'
import { ScheduledFor, ScheduleField } from '~/components/admin/ScheduleField/ScheduleField'
import { log } from '~/platform/log.server'
import { retryProcessing, withLiveProcessing } from '~/domain/uploads/progress.server'
import { ProcessingStatus } from '~/components/admin/ProcessingStatus/ProcessingStatus'
import { useRevalidateWhile } from '~/lib/use-revalidate-while'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { Pagination } from '~/components/Pagination/Pagination'
import { AdminAssetPreview } from '~/components/admin/AdminAssetPreview/AdminAssetPreview'
import { assetTotals } from '~/domain/analytics/figures.server'
import { sendPrepareDownloads } from '~/domain/downloads/prepare-downloads.server'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { PublicationBadge, TagList } from '~/components/admin/TagList/TagList'
import {
  ADMIN_ASSETS_PAGE_SIZE,
  AdminPageQuerySchema,
  AssetChangesSchema,
  BulkRequestSchema,
  type AdminStatusFilter,
  type BulkActionName,
} from '~/lib/admin-assets'
import { readScheduleFields } from '~/lib/schedule'
import { ASSET_TYPE_LABELS, ASSET_TYPES, IMAGE_ASSET_TYPES, SITE_NAME } from '~/lib/constants'
import { parseId } from '~/lib/ids'
import { useHydrated } from '~/lib/use-hydrated'
import { servicesContext } from '~/web/context.server'
import classes from './assets.module.css'
import { readForm } from '~/web/http.server'
import { refusalStatus } from '~/web/refusals.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'
import { plural } from '~/lib/plural'
import { WideTable } from '~/components/WideTable/WideTable'

const pageMeta: Route.MetaFunction = () => [{ title: `Manage Assets | Admin | ${SITE_NAME}` }]

const LOAD_FAILED = 'Failed to load assets'
const BULK_DELETE_FAILED = 'Failed to delete selected assets'
const NOTHING_SELECTED = 'Select at least one asset to delete.'
// Parameters of one visit (a row in edit, a confirmation, a preview, a notice), not of the list.
const TRANSIENT = ['edit', 'confirmDelete', 'preview', 'deleted', 'saved']

/** The list's own address (search, status, page) without the transient parameters. */
function listHref(url: URL, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(url.searchParams)
  for (const key of TRANSIENT) params.delete(key)
  params.delete('index')
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  const search = params.toString()
  return `${url.pathname}${search ? `?${search}` : ''}`
}

// A transient parameter that is not an id is left out, like any other bad value in the address bar.
const optionalId = (value: string | null) => parseId(value) ?? null

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const query = AdminPageQuerySchema.parse(Object.fromEntries(url.searchParams))
  const edit = optionalId(url.searchParams.get('edit'))
  const confirmDelete = optionalId(url.searchParams.get('confirmDelete'))
  const preview = optionalId(url.searchParams.get('preview'))
  const deleted = optionalId(url.searchParams.get('deleted')) ?? 0
  const saved = optionalId(url.searchParams.get('saved'))
  const view = {
    q: query.q ?? '',
    status: query.status ?? 'all',
    edit,
    confirmDelete,
    deleted,
    saved,
    listHref: listHref(url),
  }
  const { db, jobs } = context.get(servicesContext)
  try {
    const list = await listAssetsForAdmin(db, { ...query, limit: ADMIN_ASSETS_PAGE_SIZE })
    // A row opened from elsewhere (the dashboard's Edit) may not be on this page: show it first.
    for (const id of [edit, confirmDelete]) {
      if (id && !list.assets.some((a) => a.id === id)) {
        const extra = await getAssetForAdmin(db, id)
        if (extra) list.assets.unshift(extra)
      }
    }
    // An upload whose job is gone shows as failed, with Retry.
    list.assets = await withLiveProcessing(jobs, list.assets)
    const previewFound = preview
      ? (list.assets.find((a) => a.id === preview) ?? (await getAssetForAdmin(db, preview)))
      : null
    const previewAsset = previewFound ? ((await withLiveProcessing(jobs, [previewFound]))[0] ?? null) : null
    const previewFigures = previewAsset ? await assetTotals(db, previewAsset.id) : null
    const categories = await assetCategories(db)
    return { ...view, ...list, previewAsset, previewFigures, categories, error: null }
  } catch (error) {
    log.error('admin assets failed', { error: errorMessage(error) })
    return data(
      {
        ...view,
        assets: [],
        total: 0,
        page: 1,
        pageCount: 1,
        limit: ADMIN_ASSETS_PAGE_SIZE,
        previewAsset: null,
        previewFigures: null,
        categories: [] as string[],
        error: LOAD_FAILED,
      },
      { status: 503 },
    )
  }
}

type ActionResult =
  | { intent: 'update'; id: number; errors: Record<string, string>; values: Record<string, string> }
  | { intent: 'confirm-bulk-delete'; confirm: { id: number; title: string }[] }
  | { intent: 'bulk'; message: string }
  | { intent: 'error'; error: string }

/** The ticked rows' ids as sent (the bulk schema checks them and their number). */
function tickedIds(form: FormData): FormDataEntryValue[] {
  // 'Select all' without JavaScript cannot tick the rows: it sends the page's ids instead.
  return form.get('allOnPage') ? form.getAll('pageIds') : form.getAll('ids')
}

function selectedIds(form: FormData): number[] {
  const ids = tickedIds(form).flatMap((v) => parseId(v) ?? [])
  return [...new Set(ids)].slice(0, 500)
}

// What each bulk action is called in the bar.
const BULK_LABELS: Record<BulkActionName, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  schedule: 'Schedule publishing',
  'add-tags': 'Add tags',
  'remove-tags': 'Remove tags',
  'set-category': 'Set category',
  'set-type': 'Set type',
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = await getAdmin(request, context)
  const services = context.get(servicesContext)
  const { db, storage, jobs } = services
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const id = parseId(form.get('id'))

  switch (intent) {
    case 'update': {
      if (!id) return data<ActionResult>({ intent: 'error', error: 'That asset could not be found.' }, { status: 400 })
      const values = {
        title: String(form.get('title') ?? ''),
        description: String(form.get('description') ?? ''),
        category: String(form.get('category') ?? ''),
        tags: String(form.get('tags') ?? ''),
        ...(form.get('asset_type') ? { asset_type: String(form.get('asset_type')) } : {}),
        // Only a draft's form has the field; empty withdraws its schedule.
        ...(form.has('publishAt') ? { publishAt: String(form.get('publishAt')) } : {}),
      }
      const schedule =
        values.publishAt === undefined ? null : readScheduleFields(values.publishAt, String(form.get('timeZone') ?? ''))
      const { publishAt: _local, ...fields } = values
      const parsed = AssetChangesSchema.safeParse(fields)
      if (!parsed.success || (schedule && !schedule.ok)) {
        const errors = Object.fromEntries([
          ...(parsed.success ? [] : parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])),
          ...(schedule && !schedule.ok ? [['publishAt', schedule.error]] : []),
        ])
        return data<ActionResult>({ intent: 'update', id: id, errors, values }, { status: 400 })
      }
      const changes = schedule?.ok ? { ...parsed.data, publish_at: schedule.publishAt } : parsed.data
      const updated = await editAsset(services, id, changes, admin.id)
      if (!updated.ok) {
        const status = refusalStatus(updated.reason)
        if (updated.reason === 'asset-not-found')
          return data<ActionResult>({ intent: 'error', error: 'That asset no longer exists.' }, { status })
        const field =
          updated.reason === 'already-published' || updated.reason === 'asset-processing' ? 'publishAt' : 'asset_type'
        return data<ActionResult>({ intent: 'update', id: id, errors: { [field]: updated.error }, values }, { status })
      }
      // Save sends the update, then the list reloads.
      return redirect(listHref(url, { saved: String(id) }))
    }
    case 'publish':
    case 'unpublish': {
      if (!id) return data<ActionResult>({ intent: 'error', error: 'That asset could not be found.' }, { status: 400 })
      const result = await setPublished(db, [id], intent === 'publish', admin.id)
      // Still being processed, or its processing failed: 409 with the reason (decision 087).
      if (!result.ok)
        return data<ActionResult>({ intent: 'error', error: result.error }, { status: refusalStatus(result.reason) })
      if (result.ids.length === 0)
        return data<ActionResult>({ intent: 'error', error: 'That asset no longer exists.' }, { status: 404 })
      if (intent === 'publish') await sendPrepareDownloads(services.jobs, result.ids)
      return redirect(listHref(url))
    }
    case 'retry': {
      if (!id) return data<ActionResult>({ intent: 'error', error: 'That asset could not be found.' }, { status: 400 })
      const retried = await retryProcessing(db, jobs, id, admin.id)
      if (!retried.ok)
        return data<ActionResult>(
          {
            intent: 'error',
            error: retried.reason === 'asset-not-found' ? 'That asset no longer exists.' : retried.error,
          },
          { status: refusalStatus(retried.reason) },
        )
      return redirect(listHref(url))
    }
    case 'delete': {
      if (!id) return data<ActionResult>({ intent: 'error', error: 'That asset could not be found.' }, { status: 400 })
      const deleted = await deleteAssets(db, storage, [id], admin.id)
      if (deleted === 0)
        return data<ActionResult>({ intent: 'error', error: 'That asset no longer exists.' }, { status: 404 })
      return redirect(listHref(url, { deleted: '1' }))
    }
    case 'bulk': {
      const action = String(form.get('bulkAction') ?? '')
      const schedule = readScheduleFields(String(form.get('publishAt') ?? ''), String(form.get('timeZone') ?? ''))
      if (action === 'schedule' && !schedule.ok)
        return data<ActionResult>({ intent: 'error', error: schedule.error }, { status: 400 })
      const parsed = BulkRequestSchema.safeParse({
        ids: tickedIds(form),
        action,
        // Each field is sent whatever the action (the bar works without JavaScript); only the
        // chosen action's is read.
        ...(action.endsWith('-tags') ? { tags: String(form.get('tags') ?? '') } : {}),
        ...(action === 'set-category' ? { category: String(form.get('category') ?? '') } : {}),
        ...(action === 'set-type' ? { asset_type: String(form.get('asset_type') ?? '') } : {}),
        ...(action === 'schedule' && schedule.ok ? { publish_at: schedule.publishAt?.toISOString() ?? null } : {}),
      })
      if (!parsed.success)
        return data<ActionResult>(
          { intent: 'error', error: parsed.error.issues[0]?.message ?? 'Invalid input.' },
          { status: 400 },
        )
      const result = await bulkEditAssets(services, parsed.data.ids, parsed.data.change, admin.id)
      if (!result.ok)
        return data<ActionResult>({ intent: 'error', error: result.error }, { status: refusalStatus(result.reason) })
      return data<ActionResult>({ intent: 'bulk', message: result.summary.message })
    }
    case 'confirm-bulk-delete': {
      const ids = selectedIds(form)
      if (ids.length === 0) return data<ActionResult>({ intent: 'error', error: NOTHING_SELECTED }, { status: 400 })
      const assets = await getAssetsForAdmin(db, ids)
      return data<ActionResult>({
        intent: 'confirm-bulk-delete',
        confirm: assets.map((a) => ({ id: a.id, title: a.title })),
      })
    }
    case 'bulk-delete': {
      const ids = selectedIds(form)
      if (ids.length === 0) return data<ActionResult>({ intent: 'error', error: NOTHING_SELECTED }, { status: 400 })
      try {
        const deleted = await deleteAssets(db, storage, ids, admin.id)
        return redirect(listHref(url, { deleted: String(deleted) }))
      } catch (error) {
        log.error('bulk delete failed', { error: errorMessage(error) })
        return data<ActionResult>({ intent: 'error', error: BULK_DELETE_FAILED }, { status: 500 })
      }
    }
    default:
      return data<ActionResult>({ intent: 'error', error: 'Unknown action.' }, { status: 400 })
  }
}

type Row = Route.ComponentProps['loaderData']['assets'][number]

export default function AdminAssetsPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    assets,
    total,
    page,
    pageCount,
    q,
    status,
    edit,
    confirmDelete,
    deleted,
    saved,
    previewAsset,
    categories,
    error,
  } = loaderData
  const base = loaderData.listHref
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'

  const pageIds = useMemo(() => assets.map((a) => a.id), [assets])
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  // A new page or a deletion changes the rows: keep only what is still there.
  useEffect(() => {
    setSelected((current) => new Set([...current].filter((id) => pageIds.includes(id))))
  }, [pageIds])
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  const someSelected = !allSelected && pageIds.some((id) => selected.has(id))

  const hrefWith = (extra: Record<string, string>) => {
    const [path, search = ''] = base.split('?')
    const params = new URLSearchParams(search)
    for (const [k, v] of Object.entries(extra)) params.set(k, v)
    return `${path}?${params}`
  }
  const pageHref = (p: number) => {
    const [path, search = ''] = base.split('?')
    const params = new URLSearchParams(search)
    if (p > 1) params.set('page', String(p))
    else params.delete('page')
    const s = params.toString()
    return `${path}${s ? `?${s}` : ''}`
  }
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const processing = assets.filter((a) => a.processing.state === 'processing').length
  useRevalidateWhile(processing > 0)

  const editError = actionData?.intent === 'update' ? actionData : null
  const bulkConfirm = actionData?.intent === 'confirm-bulk-delete' ? actionData.confirm : null
  const actionError = actionData?.intent === 'error' ? actionData.error : null
  const bulkMessage = actionData?.intent === 'bulk' ? actionData.message : null
  const [bulkAction, setBulkAction] = useState<BulkActionName>('publish')
  // Without JavaScript every field of the bar is there; with it, the chosen action's alone.
  const shows = (...actions: BulkActionName[]) => !hydrated || actions.includes(bulkAction)

  return (
    <Container size="xl" py="xl">
      <AdminHeader
        title="Manage Assets"
        actions={
          <Button component={Link} to="/admin/upload">
            Upload Assets
          </Button>
        }
      />
      {error ? (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      ) : null}
      {actionError ? (
        <Alert color="red" role="alert" mb="md">
          {actionError}
        </Alert>
      ) : null}
      {deleted > 0 ? (
        <Alert color="green" mb="md" role="status">
          Deleted {plural(deleted, 'asset')}.
        </Alert>
      ) : null}
      {bulkMessage ? (
        <Alert color="green" mb="md" role="status">
          {bulkMessage}
        </Alert>
      ) : null}
      {saved ? (
        <Alert color="green" mb="md" role="status">
          Changes saved.
        </Alert>
      ) : null}

      {processing > 0 ? (
        <Alert color="blue" mb="md" role="status" data-testid="processing-notice">
          {`${plural(processing, 'upload')} on this page ${processing === 1 ? 'is' : 'are'} being processed: ${
            processing === 1 ? 'it' : 'they'
          } can be published when ready. `}
          {hydrated ? (
            'This list updates by itself.'
          ) : (
            <>
              Reload the page to see the progress:{' '}
              <Link to={base} reloadDocument>
                Refresh
              </Link>
              .
            </>
          )}
        </Alert>
      ) : null}

      {/* Keyed by the search: 'Clear' (a link) must show the cleared values, which a select
          does not take from a new defaultValue. */}
      <Form method="get" role="search" className={classes.filters} key={JSON.stringify([q, status])}>
        <TextInput
          label="Search assets"
          name="q"
          type="search"
          placeholder="Title, category, tag or id"
          defaultValue={q}
          maxLength={100}
          w={300}
        />
        <NativeSelect
          label="Status"
          name="status"
          defaultValue={status}
          data={
            [
              { value: 'all', label: 'All' },
              { value: 'published', label: 'Published' },
              { value: 'pending', label: 'Pending' },
              { value: 'scheduled', label: 'Scheduled' },
            ] satisfies { value: AdminStatusFilter; label: string }[]
          }
        />
        <Button type="submit" variant="light">
          Search
        </Button>
        {q || status !== 'all' ? (
          <Button component={Link} to="/admin/assets" variant="subtle">
            Clear
          </Button>
        ) : null}
      </Form>

      {bulkConfirm ? (
        <Alert
          color="red"
          variant="light"
          mb="md"
          title={`Delete ${bulkConfirm.length} selected ${bulkConfirm.length === 1 ? 'asset' : 'assets'}?`}
          role="alertdialog"
        >
          <Text size="sm">Their files are removed from storage too. This cannot be undone.</Text>
          <Text size="sm" mt={4} c="dimmed">
            {bulkConfirm
              .slice(0, 10)
              .map((a) => a.title)
              .join(', ')}
            {bulkConfirm.length > 10 ? ` and ${bulkConfirm.length - 10} more` : ''}
          </Text>
          <Form method="post" action={base}>
            <input type="hidden" name="intent" value="bulk-delete" />
            {bulkConfirm.map((a) => (
              <input key={a.id} type="hidden" name="ids" value={a.id} />
            ))}
            <Group mt="sm" gap="xs">
              <Button type="submit" color="red" loading={busy}>
                {`Delete ${bulkConfirm.length} ${bulkConfirm.length === 1 ? 'asset' : 'assets'}`}
              </Button>
              <Button component={Link} to={base} variant="default">
                Cancel
              </Button>
            </Group>
          </Form>
        </Alert>
      ) : null}

      <Text size="sm" c="dimmed" mb="xs">
        {total.toLocaleString('en-US')} {total === 1 ? 'asset' : 'assets'}
        {q ? ` matching “${q}”` : ''}
      </Text>

      {/* The toolbar follows the table in the document (so a CSS counter can count the ticked
          rows without JavaScript) and is shown above it. */}
      <div className={classes.listArea}>
        {assets.length === 0 && !error ? (
          <Text c="dimmed">No assets found.</Text>
        ) : (
          <WideTable minWidth={960}>
            <Table verticalSpacing="xs" highlightOnHover className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label="Select all on this page"
                      name="allOnPage"
                      value="1"
                      form="bulk"
                      checked={allSelected}
                      indeterminate={someSelected}
                      onChange={(event) => setSelected(event.currentTarget.checked ? new Set(pageIds) : new Set())}
                    />
                  </Table.Th>
                  <Table.Th w={72}>
                    <VisuallyHidden>Thumbnail</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Tags</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {assets.map((asset) => (
                  <AssetRow
                    key={asset.id}
                    asset={asset}
                    base={base}
                    // A refused save comes back to the list's address: the row stays open with what was typed.
                    editing={edit === asset.id || editError?.id === asset.id}
                    confirming={confirmDelete === asset.id}
                    editError={editError && editError.id === asset.id ? editError : null}
                    checked={selected.has(asset.id)}
                    onCheck={(on) => toggle(asset.id, on)}
                    hrefWith={hrefWith}
                    busy={busy}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
        <Form method="post" action={base} id="bulk" className={classes.toolbar} aria-label="Selected assets">
          {pageIds.map((id) => (
            <input key={id} type="hidden" name="pageIds" value={id} />
          ))}
          <div className={classes.bulkFields}>
            <NativeSelect
              label="With the selected"
              name="bulkAction"
              value={bulkAction}
              onChange={(event) => setBulkAction(event.currentTarget.value as BulkActionName)}
              data={Object.entries(BULK_LABELS).map(([value, label]) => ({ value, label }))}
              size="sm"
            />
            {shows('add-tags', 'remove-tags') ? (
              <TextInput label="Tags" name="tags" placeholder="forest, night" maxLength={1000} size="sm" />
            ) : null}
            {shows('set-category') ? (
              <NativeSelect
                label="Category"
                name="category"
                size="sm"
                data={[{ value: '', label: 'Choose…' }, ...categories.map((c) => ({ value: c, label: c }))]}
              />
            ) : null}
            {shows('set-type') ? (
              <NativeSelect
                label="Type"
                name="asset_type"
                size="sm"
                data={[
                  { value: '', label: 'Choose…' },
                  ...ASSET_TYPES.map((type) => ({ value: type, label: ASSET_TYPE_LABELS[type].one })),
                ]}
              />
            ) : null}
            {shows('schedule') ? (
              <div>
                <ScheduleField value={null} description="Empty: withdraw" />
              </div>
            ) : null}
          </div>
          <Group gap="xs" className={classes.bulkButtons}>
            {/* First in the form: Enter in a field applies, never deletes. */}
            <Button type="submit" name="intent" value="bulk" loading={busy} disabled={hydrated && selected.size === 0}>
              {hydrated ? `Apply to ${selected.size}` : 'Apply to selected'}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="confirm-bulk-delete"
              color="red"
              variant="light"
              disabled={hydrated && selected.size === 0}
            >
              {hydrated ? (
                `Delete Selected (${selected.size})`
              ) : (
                <span className={classes.countLabel}>Delete Selected</span>
              )}
            </Button>
          </Group>
        </Form>
      </div>

      <Pagination page={page} pageCount={pageCount} hrefFor={pageHref} />

      {previewAsset ? (
        <AdminAssetPreview
          asset={previewAsset}
          figures={loaderData.previewFigures}
          closeHref={base}
          processing={
            <ProcessingStatus
              processing={previewAsset.processing}
              retry={<RetryForm id={previewAsset.id} title={previewAsset.title} action={base} />}
            />
          }
        />
      ) : null}
    </Container>
  )
}

interface AssetRowProps {
  asset: Row
  base: string
  editing: boolean
  confirming: boolean
  editError: { errors: Record<string, string>; values: Record<string, string> } | null
  checked: boolean
  onCheck: (on: boolean) => void
  hrefWith: (extra: Record<string, string>) => string
  busy: boolean
}

function AssetRow({ asset, base, editing, confirming, editError, checked, onCheck, hrefWith, busy }: AssetRowProps) {
  const formId = `edit-${asset.id}`
  const values = editError?.values
  const errors = editError?.errors ?? {}
  return (
    <Table.Tr data-testid="admin-asset-row" data-asset-id={asset.id} className={editing ? classes.editing : undefined}>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${asset.title}`}
          name="ids"
          value={asset.id}
          form="bulk"
          checked={checked}
          onChange={(event) => onCheck(event.currentTarget.checked)}
          classNames={{ input: classes.rowCheck }}
        />
      </Table.Td>
      <Table.Td>
        {/* No thumbnail until its processing has made one. */}
        {asset.thumbnail ? (
          <AssetImage src={asset.thumbnail} alt="" width={56} height={56} className={classes.thumb} />
        ) : null}
      </Table.Td>
      {editing ? (
        <>
          <Table.Td>
            <TextInput
              label="Title"
              name="title"
              form={formId}
              required
              maxLength={200}
              defaultValue={values?.title ?? asset.title}
              error={errors.title}
              size="xs"
              autoFocus
            />
            <Textarea
              label="Description"
              name="description"
              form={formId}
              maxLength={5000}
              defaultValue={values?.description ?? asset.description}
              error={errors.description}
              size="xs"
              mt={4}
              autosize
              minRows={2}
              maxRows={6}
            />
          </Table.Td>
          <Table.Td>
            <TextInput
              label="Category"
              name="category"
              form={formId}
              maxLength={100}
              defaultValue={values?.category ?? asset.category}
              error={errors.category}
              size="xs"
            />
            {asset.asset_type === 'audio' ? (
              <Text size="xs" mt={4}>
                Type: audio
              </Text>
            ) : (
              <NativeSelect
                label="Type"
                name="asset_type"
                form={formId}
                defaultValue={values?.asset_type ?? asset.asset_type}
                error={errors.asset_type}
                size="xs"
                mt={4}
                data={IMAGE_ASSET_TYPES.map((type) => ({ value: type, label: ASSET_TYPE_LABELS[type].one }))}
              />
            )}
          </Table.Td>
          <Table.Td>
            <TextInput
              label="Tags"
              description="Separated by commas"
              name="tags"
              form={formId}
              defaultValue={values?.tags ?? asset.tags.join(', ')}
              error={errors.tags}
              size="xs"
            />
          </Table.Td>
        </>
      ) : (
        <>
          <Table.Td>
            <Text size="sm" fw={500}>
              {asset.title}
            </Text>
            {/* Under the title, not in the status column: a phone sees it without scrolling. */}
            {asset.publish_at ? <ScheduledFor at={asset.publish_at} /> : null}
          </Table.Td>
          <Table.Td>{asset.category || '–'}</Table.Td>
          <Table.Td>
            <TagList tags={asset.tags} />
          </Table.Td>
        </>
      )}
      <Table.Td>
        <PublicationBadge isActive={asset.is_active} />
        {asset.processing.state === 'ready' ? null : (
          <ProcessingStatus
            processing={asset.processing}
            retry={<RetryForm id={asset.id} title={asset.title} action={base} />}
          />
        )}
        {editing && !asset.is_active ? (
          <div className={classes.scheduleEdit}>
            <ScheduleField
              value={asset.publish_at}
              typed={values?.publishAt}
              form={formId}
              error={errors.publishAt}
              size="xs"
              description="Empty: stays a draft"
            />
          </div>
        ) : null}
      </Table.Td>
      <Table.Td>
        {editing ? (
          <Form method="post" action={base} id={formId}>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={asset.id} />
            {errors.form ? (
              <Text size="xs" c="red" mb={4}>
                {errors.form}
              </Text>
            ) : null}
            <Group gap={4} wrap="nowrap">
              <Button type="submit" size="compact-sm" loading={busy}>
                Save
              </Button>
              <Button component={Link} to={base} size="compact-sm" variant="default" preventScrollReset>
                Cancel
              </Button>
            </Group>
          </Form>
        ) : confirming ? (
          <Form method="post" action={base} className={classes.confirm}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={asset.id} />
            <Text size="sm" fw={500} role="alert">
              Delete this asset and its files?
            </Text>
            <Group gap={4} wrap="nowrap" mt={4}>
              <Button type="submit" size="compact-sm" color="red" loading={busy}>
                Yes, delete
              </Button>
              <Button component={Link} to={base} size="compact-sm" variant="default" preventScrollReset>
                Cancel
              </Button>
            </Group>
          </Form>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Button
              component={Link}
              to={hrefWith({ edit: String(asset.id) })}
              preventScrollReset
              size="compact-xs"
              variant="light"
              aria-label={`Edit ${asset.title}`}
            >
              Edit
            </Button>
            <Button
              component={Link}
              to={hrefWith({ preview: String(asset.id) })}
              preventScrollReset
              size="compact-xs"
              variant="subtle"
              aria-label={`Preview ${asset.title}`}
            >
              Preview
            </Button>
            <Form method="post" action={base}>
              <input type="hidden" name="intent" value={asset.is_active ? 'unpublish' : 'publish'} />
              <input type="hidden" name="id" value={asset.id} />
              <Button
                type="submit"
                size="compact-xs"
                variant="subtle"
                color={asset.is_active ? 'yellow' : 'green'}
                aria-label={`${asset.is_active ? 'Unpublish' : 'Publish'} ${asset.title}`}
                // Publishing waits for the processing (the server refuses it too).
                disabled={!asset.is_active && asset.processing.state !== 'ready'}
              >
                {asset.is_active ? 'Unpublish' : 'Publish'}
              </Button>
            </Form>
            <Button
              component={Link}
              to={hrefWith({ confirmDelete: String(asset.id) })}
              preventScrollReset
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Delete ${asset.title}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/** Queues a failed upload's processing again: a plain form post, with or without JavaScript. */
function RetryForm({ id, title, action }: { id: number; title: string; action: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="compact-xs" variant="light" color="red" aria-label={`Retry processing ${title}`}>
        Retry
      </Button>
    </Form>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
