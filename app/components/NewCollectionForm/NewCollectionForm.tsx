import { Form, useNavigation } from 'react-router'
import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Button, Checkbox, Paper, Stack, Title } from '@mantine/core'
import { CollectionFields } from '~/components/CollectionFields/CollectionFields'
import { CollectionFormSchema } from '~/lib/collections'
import type { z } from '~/lib/zod'

/** 'New collection': a name, maybe a description, private unless ticked. Posts to /collections. */
export function NewCollectionForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof CollectionFormSchema>>({
    id: 'new-collection',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CollectionFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting' && navigation.formAction === '/collections'
  return (
    <Paper withBorder radius="md" p="md" maw={560}>
      <Title order={3} fz={18} mb="sm">
        New collection
      </Title>
      <Form method="post" action="/collections" {...getFormProps(form)}>
        <Stack gap="sm">
          <CollectionFields
            formErrors={form.errors}
            name={fields.name}
            description={fields.description}
            descriptionLabel="Description (optional)"
          />
          <Checkbox name="isPublic" label="Public: anyone with the link can see it" />
          <div>
            <Button type="submit" loading={busy}>
              Create collection
            </Button>
          </div>
        </Stack>
      </Form>
    </Paper>
  )
}
