import { useNavigate } from 'react-router'
import { PlainButton } from '~/components/Plain/Plain'
import { SearchInput } from '~/components/SearchInput/SearchInput'
import type { FormEvent } from 'react'
import classes from './SearchForm.module.css'

export function exploreSearchUrl(text: string): string | null {
  const q = text.trim()
  return q ? `/explore?q=${encodeURIComponent(q)}` : null
}

interface SearchFormProps {
  defaultValue?: string
  label?: string
  size?: 'sm' | 'md' | 'lg'
  buttonLabel?: string
  id?: string
}

/**
 * Search that goes to /explore?q=<text>. Without JavaScript it is a GET form whose field
 * refuses blank text; with JavaScript, blank or whitespace-only text does nothing.
 */
export function SearchForm({
  defaultValue,
  label = 'Search assets',
  size = 'sm',
  buttonLabel = 'Search',
  id,
}: SearchFormProps) {
  const navigate = useNavigate()
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const text = new FormData(event.currentTarget).get('q')
    const target = exploreSearchUrl(typeof text === 'string' ? text : '')
    if (target) void navigate(target)
  }
  return (
    <form
      action="/explore"
      method="get"
      role="search"
      aria-label={label.replace('Search assets', 'Search')}
      className={classes.form}
      onSubmit={onSubmit}
      id={id}
    >
      <SearchInput label={label} defaultValue={defaultValue} required size={size} className={classes.input} />
      <PlainButton type="submit" size={size}>
        {buttonLabel}
      </PlainButton>
    </form>
  )
}
