import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useLocation, useRouteLoaderData } from 'react-router'
import classes from './SaveToCollection.module.css'

interface SaveToCollectionProps {
  assetId: number
  assetTitle: string
  /** 'icon': the round button of a card; 'button': a labelled button (dialog, asset page). */
  look?: 'icon' | 'button'
  className?: string
}

const SavePanel = lazy(() => import('./SavePanel'))

/** Fetches the menu's code ahead of the click (on hover or focus of a save button). */
function preloadPanel() {
  void import('./SavePanel').catch(() => {})
}

/**
 * 'Save to collection'. Without JavaScript (or signed out) a form that opens
 * /assets/{id}/save, where every change is a form post. With JavaScript, for a signed-in
 * person, a small menu of their collections, each a toggle that shows its new state at once,
 * and 'New collection' inline; all through fetchers on the same page's loader and action.
 */
export function SaveToCollection({ assetId, assetTitle, look = 'icon', className }: SaveToCollectionProps) {
  const root = useRouteLoaderData('root') as { user?: unknown } | undefined
  const signedIn = Boolean(root?.user)
  const { pathname, search } = useLocation()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const label = 'Save to collection'

  // Another page or another asset closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a new location or asset means
  useEffect(() => setOpen(false), [pathname, search, assetId])

  const onSubmit = (event: FormEvent) => {
    // Signed out, the form goes to the save page, which asks to sign in and comes back.
    if (!signedIn) return
    event.preventDefault()
    setOpen((was) => !was)
  }

  return (
    <div
      className={`${classes.form} ${look === 'icon' ? classes.onCard : ''} ${className ?? ''}`}
      data-open={open ? 'true' : undefined}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        // Escape closes the open menu; the preview dialog under it stays open.
        if (event.key !== 'Escape' || !open) return
        event.stopPropagation()
        event.nativeEvent.stopImmediatePropagation()
        setOpen(false)
        buttonRef.current?.focus()
      }}
    >
      <form method="get" action={`/assets/${assetId}/save`} onSubmit={onSubmit} className={classes.form}>
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <button
          ref={buttonRef}
          type="submit"
          className={look === 'icon' ? classes.icon : classes.button}
          aria-label={look === 'icon' ? `${label}: ${assetTitle}` : undefined}
          title={look === 'icon' ? label : undefined}
          aria-expanded={signedIn ? open : undefined}
          aria-controls={open ? panelId : undefined}
          data-testid="save-to-collection"
          onPointerEnter={signedIn ? preloadPanel : undefined}
          onFocus={signedIn ? preloadPanel : undefined}
        >
          <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          {look === 'button' ? <span>{label}</span> : null}
        </button>
      </form>
      {open ? (
        <Suspense fallback={null}>
          <SavePanel id={panelId} assetId={assetId} anchor={buttonRef} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}
