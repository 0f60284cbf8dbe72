import { Autocomplete, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useEffect, useRef, useState } from 'react'

interface SearchInputProps {
  label: string
  defaultValue?: string
  placeholder?: string
  size?: 'sm' | 'md' | 'lg'
  className?: string
  /** Refuse blank text (the form's own check without JavaScript). */
  required?: boolean
}

/**
 * The `q` field of a search form. In the server HTML (and without JavaScript) a plain search
 * box; once React runs, a combobox that suggests completions from the catalogue's vocabulary
 * (GET /api/assets/suggest), navigable with the arrow keys and announced as a listbox.
 * Choosing a suggestion submits the form.
 */
export function SearchInput({ label, defaultValue = '', placeholder = 'Search 3D objects, images, audio...', size = 'sm', className, required }: SearchInputProps) {
  // The plain box is swapped for the combobox right after hydration; what was typed into it
  // by then (and its focus) carries over.
  const [hydrated, setHydrated] = useState(false)
  const plainRef = useRef<HTMLInputElement>(null)
  const refocus = useRef(false)
  const [value, setValue] = useState(defaultValue)
  const [debounced] = useDebouncedValue(value, 150)
  const [suggestions, setSuggestions] = useState<string[]>([])
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => setValue(defaultValue), [defaultValue])
  useEffect(() => {
    const plain = plainRef.current
    if (plain) {
      setValue(plain.value)
      refocus.current = document.activeElement === plain
    }
    setHydrated(true)
  }, [])
  useEffect(() => {
    if (hydrated && refocus.current) inputRef.current?.focus()
  }, [hydrated])

  useEffect(() => {
    if (!hydrated) return
    const q = debounced.trim()
    if (q.length < 2) {
      setSuggestions([])
      return
    }
    const controller = new AbortController()
    fetch(`/api/assets/suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ suggestions: string[] }>) : { suggestions: [] }))
      .then((body) => setSuggestions(body.suggestions.filter((s) => s !== q.toLowerCase())))
      .catch(() => {})
    return () => controller.abort()
  }, [debounced, hydrated])

  const common = {
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
  if (!hydrated) return <TextInput ref={plainRef} type="search" defaultValue={value} {...common} />
  return (
    <Autocomplete
      ref={inputRef}
      type="search"
      {...common}
      value={value}
      onChange={setValue}
      data={suggestions}
      filter={({ options }) => options}
      limit={8}
      comboboxProps={{ withinPortal: true }}
      onOptionSubmit={(option) => {
        setValue(option)
        // Let the value reach the input before the form reads it.
        requestAnimationFrame(() => inputRef.current?.form?.requestSubmit())
      }}
    />
  )
}
