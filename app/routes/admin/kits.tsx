import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  Anchor,
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { CollectionFields } from '~/components/CollectionFields/CollectionFields'
import type { z } from '~/lib/zod'
import type { Route } from './+types/kits'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import {
  deleteCollection,
  kitAssetIds,
  listKits,
  saveKit,
  unpublishedAmong,
} from '~/domain/collections/collections.server'
import { KitFormSchema } from '~/lib/collections'
import { SITE_NAME } from '~/lib/constants'
import { parseId } from '~/lib/ids'
import { plural } from '~/lib/plural'
import { servicesContext } from '~/web/context.server'
import { readForm } from '~/web/http.server'
import { refusalStatus } from '~/web/refusals.server'
import { getAdmin } from '~/web/session.server'
import { WideTable } from '~/components/WideTable/WideTable'

// The artist's kits: make one (title, description, cover, order, its assets in order), change
// or delete it. The admin layout gates this screen; its loader and action ask again.

export const meta: Route.MetaFunction = () => [{ title: `Kits | Admin | ${SITE_NAME}` }]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await getAdmin(request, context)
  const { db } = context.get(servicesContext)
  const kits = await listKits(db, admin)
  const editId = parseId(url.searchParams.get('edit'))
  const editing = editId ? kits.find((k) => k.id === editId) : undefined
  const assetIds = editing ? ((await kitAssetIds(db, editing.id)) ?? []) : []
  const unpublished = await unpublishedAmong(db, assetIds)
  return { kits, editing: editing ? { ...editing, assetIds, unpublished } : null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await getAdmin(request, context)
  const { db } = context.get(servicesContext)
  const form = await readForm(request)
  if (form.get('intent') === 'delete') {
    const id = parseId(form.get('id'))
    const deleted = id ? await deleteCollection(db, admin, id) : null
    if (!deleted?.ok) throw data(null, { status: 404 })
    return redirect('/admin/kits')
  }
  const submission = parseWithZod(form, { schema: KitFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { id, name, description, cover, order, assets } = submission.value
  const saved = await saveKit(db, admin, id ?? null, {
    name,
    description,
    coverAssetId: cover ?? null,
    kitOrder: order,
    assetIds: assets,
  })
  if (!saved.ok)
    return data({ result: submission.reply({ formErrors: [saved.error] }) }, { status: refusalStatus(saved.reason) })
  return redirect(`/admin/kits?edit=${saved.value.id}`)
}

export default function AdminKitsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kits, editing } = loaderData
  return (
    <Container size="lg" py="xl">
      <AdminHeader
        title="Kits"
        lead="The artist’s sets: shown first on Collections and on the home page, each with a ‘Download kit’ button."
        actions={
          editing ? (
            <Button component={Link} to="/admin/kits" variant="default">
              New kit
            </Button>
          ) : null
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt="lg">
        <div>
          <Title order={2} fz={20} mb="sm">
            {kits.length ? plural(kits.length, 'kit') : 'No kits yet'}
          </Title>
          {kits.length ? (
            <WideTable minWidth={420}>
              <Table verticalSpacing="sm" data-testid="admin-kits">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Assets</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {kits.map((kit) => (
                    <Table.Tr key={kit.id} aria-current={editing?.id === kit.id ? 'true' : undefined}>
                      <Table.Td>{kit.kitOrder}</Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={`/collections/${kit.id}`}>
                          {kit.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{kit.assetCount}</Table.Td>
                      <Table.Td ta="right">
                        <Button component={Link} to={`/admin/kits?edit=${kit.id}`} variant="light" size="xs">
                          Edit<VisuallyHidden> {kit.name}</VisuallyHidden>
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          ) : (
            <Text c="dimmed">Make the first one with the form.</Text>
          )}
        </div>
        <KitForm key={editing?.id ?? 'new'} editing={editing} lastResult={actionData?.result} />
      </SimpleGrid>
    </Container>
  )
}

type Editing = Route.ComponentProps['loaderData']['editing']

function KitForm({
  editing,
  lastResult,
}: {
  editing: Editing
  lastResult: SubmissionResult<string[]> | null | undefined
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof KitFormSchema>>({
    id: `kit-${editing?.id ?? 'new'}`,
    lastResult,
    defaultValue: editing
      ? {
          name: editing.name,
          description: editing.description,
          cover: editing.coverAssetId ? String(editing.coverAssetId) : '',
          order: String(editing.kitOrder),
          assets: editing.assetIds.join(', '),
        }
      : { order: '0' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: KitFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting'
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz={20} mb="sm">
        {editing ? `Edit ‘${editing.name}’` : 'New kit'}
      </Title>
      <Form method="post" {...getFormProps(form)}>
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <Stack gap="sm">
          <CollectionFields
            formErrors={form.errors}
            name={fields.name}
            nameLabel="Title"
            description={fields.description}
          />
          <Group grow>
            <TextInput
              label="Cover asset id"
              description="Empty: the first asset"
              inputMode="numeric"
              {...getInputProps(fields.cover, { type: 'text' })}
              key={fields.cover.key}
              error={fields.cover.errors?.[0]}
            />
            <NumberInput
              label="Order"
              description="Lower comes first"
              name={fields.order.name}
              defaultValue={String(fields.order.initialValue ?? '0')}
              key={fields.order.key}
              error={fields.order.errors?.[0]}
              allowDecimal={false}
            />
          </Group>
          <Textarea
            label="Assets"
            description="Asset ids in the kit’s order, separated by commas or spaces."
            autosize
            minRows={3}
            {...getTextareaProps(fields.assets)}
            key={fields.assets.key}
            error={fields.assets.errors?.[0]}
          />
          {editing?.unpublished.length ? (
            <Text size="sm" c="dimmed" data-testid="kit-unpublished">
              Not on the kit’s page until published: {editing.unpublished.join(', ')}.
            </Text>
          ) : null}
          <Group justify="space-between">
            <Button type="submit" loading={busy}>
              {editing ? 'Save kit' : 'Create kit'}
            </Button>
            {editing ? (
              <Anchor component={Link} to={`/collections/${editing.id}`} size="sm">
                Open the kit’s page
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Form>
      {editing ? (
        <details style={{ marginTop: 24 }}>
          <summary style={{ cursor: 'pointer', color: 'var(--mantine-color-error)' }}>Delete this kit…</summary>
          <Form method="post" style={{ marginTop: 8 }}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={editing.id} />
            <Button type="submit" color="red" variant="light" size="xs">
              Delete kit
            </Button>
          </Form>
        </details>
      ) : null}
    </Paper>
  )
}
