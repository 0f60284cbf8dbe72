import { Input } from '@mantine/core'
import type { ChangeEvent, ReactNode } from 'react'
import classes from './FileField.module.css'

/** The site's 'Choose file' button on any native file input (the upload page's drop area too). */
export const fileChooserClass = classes.chooser

interface FileFieldProps {
  id: string
  name: string
  label: string
  description?: ReactNode
  accept: string
  error?: string
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void
  /** With JavaScript, a file over this size is refused when chosen (the server refuses it too). */
  maxBytes?: number
  tooLarge?: string
}

/**
 * A native file field in Mantine's input styling: it posts in a plain multipart form without
 * JavaScript (Mantine's FileInput opens its picker from a script), and its button is styled as
 * the site's.
 */
export function FileField({
  id,
  name,
  label,
  description,
  accept,
  error,
  onChange,
  maxBytes,
  tooLarge,
}: FileFieldProps) {
  const help = description ? `${id}-help` : undefined
  const checked = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    if (maxBytes !== undefined) {
      const over = Array.from(input.files ?? []).some((file) => file.size > maxBytes)
      // The browser's own message at the field, and the form is not sent while it stands.
      input.setCustomValidity(over ? (tooLarge ?? 'The file is too large.') : '')
      if (over) input.reportValidity()
    }
    onChange?.(event)
  }
  return (
    <Input.Wrapper id={id} label={label} description={description} descriptionProps={{ id: help }} error={error}>
      <Input
        component="input"
        id={id}
        type="file"
        name={name}
        accept={accept}
        onChange={checked}
        aria-describedby={help}
        error={error}
        classNames={{ input: `${classes.input} ${classes.chooser}` }}
      />
    </Input.Wrapper>
  )
}
