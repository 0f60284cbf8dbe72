import { useEffect, useRef, useState, type ComponentType, type CSSProperties } from 'react'

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

function fieldProps({
  label,
  placeholder = 'Search 3D objects, images, audio...',
  size = 'sm',
  className,
  required,
}: SearchInputProps) {
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (a new defaultValue) resets the box
  useEffect(() => setSuggesting(null), [defaultValue])

  const { size, className, ...inputProps } = field
  // Mantine's TextInput markup and class names (its stylesheet styles them), written out: the
  // TextInput component and its input machinery cost every first visit about 5 KB gzip, and
  // this box is in the header of every page. tests/unit/search-input.test.tsx checks the markup
  // against Mantine's own.
  const plain = (
    <div
      className={`${className ? `${className} ` : ''}m_46b77525 mantine-InputWrapper-root mantine-TextInput-root`}
      data-size={size}
    >
      <div
        style={
          {
            '--input-height': `var(--input-height-${size})`,
            '--input-fz': `var(--mantine-font-size-${size})`,
          } as CSSProperties
        }
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size={size}
      >
        <input
          ref={plainRef}
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          type="search"
          defaultValue={defaultValue}
          key={defaultValue}
          {...inputProps}
          // The plain box stays (focused, typing) until the combobox's code has arrived.
          onFocus={() => {
            void import('./SuggestingInput').then((module) => setSuggesting(() => module.default)).catch(() => {})
          }}
        />
      </div>
    </div>
  )
  if (!Suggesting) return plain
  return <Suggesting {...field} initialValue={plainRef.current?.value ?? defaultValue} autoFocus />
}
