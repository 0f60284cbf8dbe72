import { TextInput } from '@mantine/core'
import { useEffect, useRef, useState, type ComponentType } from 'react'

type Suggesting = ComponentType<SearchInputFieldProps & { initialValue: string; autoFocus: boolean }>

interface SearchInputProps {
  label: string
  defaultValue?: string
  placeholder?: string
  size?: 'sm' | 'md' | 'lg'
  className?: string
  /** Refuse blank text (the form's own check without JavaScript). */
  required?: boolean
}

export type SearchInputFieldProps = ReturnType<typeof fieldProps>

function fieldProps({ label, placeholder = 'Search 3D objects, images, audio...', size = 'sm', className, required }: SearchInputProps) {
  return {
    name: 'q',
    'aria-label': label,
    placeholder,
    size,
    className,
    required,
    // Without JavaScript a whitespace-only search is refused by the browser.
    pattern: required ? '.*\\S.*' : undefined,
    title: required ? 'Type something to search for' : undefined,
    autoComplete: 'off',
  }
}

/**
 * The `q` field of a search form: a plain search box in the server HTML (and without
 * JavaScript). With JavaScript, the first focus swaps in the suggesting combobox (its code
 * loads then, not on the first visit); what was typed and the focus carry over.
 */
export function SearchInput(props: SearchInputProps) {
  const { defaultValue = '' } = props
  const plainRef = useRef<HTMLInputElement>(null)
  const [Suggesting, setSuggesting] = useState<Suggesting | null>(null)
  const field = fieldProps(props)
  // A new search on the page (the URL changed) resets the box.
  useEffect(() => setSuggesting(null), [defaultValue])

  const plain = (
    <TextInput
      ref={plainRef}
      type="search"
      defaultValue={defaultValue}
      key={defaultValue}
      {...field}
      // The plain box stays (focused, typing) until the combobox's code has arrived.
      onFocus={() => {
        void import('./SuggestingInput').then((module) => setSuggesting(() => module.default)).catch(() => {})
      }}
    />
  )
  if (!Suggesting) return plain
  return <Suggesting {...field} initialValue={plainRef.current?.value ?? defaultValue} autoFocus />
}
