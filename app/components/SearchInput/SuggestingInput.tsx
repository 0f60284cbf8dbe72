import { Autocomplete } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useEffect, useRef, useState } from 'react'
import type { SearchInputFieldProps } from './SearchInput'

/**
 * The search box as a combobox that suggests completions from the catalogue's vocabulary
 * (GET /api/assets/suggest), navigable with the arrow keys and announced as a listbox.
 * Loaded on first focus, so it costs a first visit nothing. Choosing a suggestion submits.
 */
export default function SuggestingInput({
  initialValue,
  autoFocus,
  ...field
}: SearchInputFieldProps & { initialValue: string; autoFocus: boolean }) {
  const [value, setValue] = useState(initialValue)
  const [debounced] = useDebouncedValue(value, 150)
  const [suggestions, setSuggestions] = useState<string[]>([])
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!autoFocus) return
    const input = inputRef.current
    input?.focus()
    input?.setSelectionRange(input.value.length, input.value.length)
  }, [autoFocus])

  useEffect(() => {
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
  }, [debounced])

  return (
    <Autocomplete
      ref={inputRef}
      type="search"
      {...field}
      value={value}
      onChange={setValue}
      data={suggestions}
      filter={({ options }) => options}
      limit={8}
      onKeyDown={(event) => {
        // Escape closes the suggestions and keeps the text (a search box's own Escape empties it).
        if (event.key === 'Escape' && suggestions.length > 0) {
          event.preventDefault()
          setSuggestions([])
        }
      }}
      onOptionSubmit={(option) => {
        setValue(option)
        // Let the value reach the input before the form reads it.
        requestAnimationFrame(() => inputRef.current?.form?.requestSubmit())
      }}
    />
  )
}
