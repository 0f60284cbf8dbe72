import { Form, useNavigation } from 'react-router'
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Button, Checkbox, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { CollectionFormSchema } from '~/lib/collections'
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '~/lib/collection-limits'
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
          {form.errors?.length ? (
            <Alert color="red" role="alert">
              {form.errors.join(' ')}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            maxLength={COLLECTION_NAME_MAX}
            {...getInputProps(fields.name, { type: 'text' })}
            key={fields.name.key}
            error={fields.name.errors?.[0]}
            required
          />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={2}
            maxLength={COLLECTION_DESCRIPTION_MAX}
            {...getTextareaProps(fields.description)}
            key={fields.description.key}
            error={fields.description.errors?.[0]}
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
