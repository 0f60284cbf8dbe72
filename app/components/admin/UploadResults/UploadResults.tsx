import { Form, Link, useNavigation } from 'react-router'
import { Button, Group, Text, Title } from '@mantine/core'
import { UploadList } from '~/components/admin/UploadList/UploadList'
import { publishAllSelection, uploadCountLine, type UploadItem } from '~/lib/upload-plan'

/**
 * The answer to the plain upload form: each file's outcome, with Publish, 'Publish All' and
 * 'Save all as Draft'. One form carries the batch, so the page can be drawn again after each
 * button without JavaScript and without keeping anything on the server.
 */
export function UploadResults({ items }: { items: UploadItem[] }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const uploaded = items.filter((item) => item.id !== null && item.status !== 'error')
  const ready = publishAllSelection(items)
  return (
    <section aria-labelledby="upload-results">
      <Title order={2} fz="h3" id="upload-results" mb="xs">
        Upload results
      </Title>
      <Form method="post" action="/admin/upload">
        <input type="hidden" name="batch" value={JSON.stringify(items)} />
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text fw={500} data-testid="upload-count">
            {uploadCountLine(items)}
          </Text>
          <Group gap="xs">
            <Button
              type="submit"
              name="intent"
              value="draft-all"
              variant="default"
              disabled={uploaded.length === 0}
              loading={busy}
            >
              Save all as Draft
            </Button>
            <Button type="submit" name="intent" value="publish-all" disabled={ready.length === 0} loading={busy}>
              Publish All
            </Button>
          </Group>
        </Group>
        <UploadList
          items={items.map((item, i) => ({ ...item, key: `${i}-${item.name}` }))}
          actions={(item) =>
            item.id !== null && item.status !== 'error' ? (
              <>
                <Button
                  component={Link}
                  to={`/admin/assets?preview=${item.id}`}
                  size="compact-sm"
                  variant="default"
                  aria-label={`Preview ${item.name}`}
                >
                  Preview
                </Button>
                {item.isPublished ? null : (
                  <Button
                    type="submit"
                    name="publish"
                    value={String(item.id)}
                    size="compact-sm"
                    aria-label={`Publish ${item.name}`}
                  >
                    Publish
                  </Button>
                )}
              </>
            ) : null
          }
        />
      </Form>
      <Group mt="lg" gap="xs">
        <Button component={Link} to="/admin/upload" variant="light">
          Upload more
        </Button>
        <Button component={Link} to="/admin/assets" variant="subtle">
          Manage Assets
        </Button>
      </Group>
    </section>
  )
}
