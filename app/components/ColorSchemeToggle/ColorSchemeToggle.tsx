import { useFetcher, useLocation } from 'react-router'
import { IconButton } from '~/components/IconButton/IconButton'
import { COLOR_SCHEME_LABELS, nextColorScheme, type ColorSchemeChoice } from '~/lib/color-scheme'

/**
 * Cycles system → dark → light. A plain form post without JavaScript (the server sets the
 * cookie and sends the person back); with it, a fetcher, and the root loader's new choice
 * re-themes the page in place.
 */
export function ColorSchemeToggle({ scheme }: { scheme: ColorSchemeChoice }) {
  const fetcher = useFetcher()
  const { pathname, search } = useLocation()
  const pending = fetcher.formData?.get('scheme')
  const current = typeof pending === 'string' ? (pending as ColorSchemeChoice) : scheme
  const next = nextColorScheme(current)
  return (
    <fetcher.Form method="post" action="/color-scheme">
      <input type="hidden" name="scheme" value={next} />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <IconButton
        type="submit"
        variant="subtle"
        size="lg"
        aria-label={`${COLOR_SCHEME_LABELS[current]}: switch to ${COLOR_SCHEME_LABELS[next].toLowerCase()}`}
        title={`${COLOR_SCHEME_LABELS[current]} (switch to ${COLOR_SCHEME_LABELS[next].toLowerCase()})`}
        data-testid="color-scheme-toggle"
        data-scheme={current}
      >
        {current === 'dark' ? <MoonIcon /> : current === 'light' ? <SunIcon /> : <AutoIcon />}
      </IconButton>
    </fetcher.Form>
  )
}

function SunIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  )
}
function MoonIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  )
}
function AutoIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
    </svg>
  )
}
