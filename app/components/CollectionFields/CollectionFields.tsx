import { type FieldMetadata, getInputProps, getTextareaProps } from '@conform-to/react'
import { Alert, Textarea, TextInput } from '@mantine/core'
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '~/lib/collection-limits'

interface CollectionFieldsProps {
  /** The form's own errors (conform's `form.errors`). */
  formErrors?: string[]
  name: FieldMetadata<string | undefined>
  nameLabel?: string
  /** Without it, the name alone (the save menu's quick 'New collection'). */
  description?: FieldMetadata<string | undefined>
  descriptionLabel?: string
}

/**
 * The fields every collection form shares (new, edit, kit, the save page): the form's errors,
 * the name and the description, at the limits the server holds them to.
 */
export function CollectionFields({
  formErrors,
  name,
  nameLabel = 'Name',
  description,
  descriptionLabel = 'Description',
}: CollectionFieldsProps) {
  return (
    <>
      {formErrors?.length ? (
        <Alert color="red" role="alert">
          {formErrors.join(' ')}
        </Alert>
      ) : null}
      <TextInput
        label={nameLabel}
        maxLength={COLLECTION_NAME_MAX}
        {...getInputProps(name, { type: 'text' })}
        key={name.key}
        error={name.errors?.[0]}
        required
      />
      {description ? (
        <Textarea
          label={descriptionLabel}
          autosize
          minRows={2}
          maxLength={COLLECTION_DESCRIPTION_MAX}
          {...getTextareaProps(description)}
          key={description.key}
          error={description.errors?.[0]}
        />
      ) : null}
    </>
  )
}
