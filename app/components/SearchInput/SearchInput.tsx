import { TextInput } from '@mantine/core'
import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react'

const SuggestingInput = lazy(() => import('./SuggestingInput'))

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
  const [enhanced, setEnhanced] = useState(false)
  const field = fieldProps(props)
  // A new search on the page (the URL changed) resets the box.
  useEffect(() => setEnhanced(false), [defaultValue])

  const plain = (
    <TextInput
      ref={plainRef}
      type="search"
      defaultValue={defaultValue}
      key={defaultValue}
      {...field}
      // A transition: the plain box stays (focused, typing) until the combobox has loaded.
      onFocus={() => startTransition(() => setEnhanced(true))}
    />
  )
  return (
    <Suspense fallback={plain}>
      {enhanced ? <SuggestingInput {...field} initialValue={plainRef.current?.value ?? defaultValue} autoFocus /> : plain}
    </Suspense>
  )
}
