import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { useFetcher, useLocation, useRouteLoaderData } from 'react-router'
import { COLLECTION_NAME_MAX } from '~/lib/collection-limits'
import classes from './SaveToCollection.module.css'

interface SaveTarget {
  id: number
  name: string
  isPublic: boolean
  isKit: boolean
  assetCount: number
  contains: boolean
}
interface SaveData {
  asset: { id: number; title: string }
  targets: SaveTarget[]
}
interface SaveReply {
  ok: boolean
  error: string | null
}

interface SaveToCollectionProps {
  assetId: number
  assetTitle: string
  /** 'icon': the round button of a card; 'button': a labelled button (dialog, asset page). */
  look?: 'icon' | 'button'
  className?: string
}

const PANEL_WIDTH = 280
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

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
      {open ? <SavePanel id={panelId} assetId={assetId} anchor={buttonRef} onClose={() => setOpen(false)} /> : null}
    </div>
  )
}

function SavePanel({
  id,
  assetId,
  anchor,
  onClose,
}: {
  id: string
  assetId: number
  anchor: React.RefObject<HTMLButtonElement | null>
  onClose: () => void
}) {
  const list = useFetcher<SaveData>()
  const create = useFetcher<SaveReply>()
  const panelRef = useRef<HTMLDivElement>(null)
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null)
  const action = `/assets/${assetId}/save`

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the menu opens; actions revalidate it
  useEffect(() => {
    void list.load(action)
  }, [action])

  // Fixed to the viewport beside its button: a card clips what overflows it.
  const position = useCallback(() => {
    const button = anchor.current
    const panel = panelRef.current
    if (!button || !panel) return
    const rect = button.getBoundingClientRect()
    const height = panel.offsetHeight
    const left = Math.min(Math.max(8, rect.right - PANEL_WIDTH), window.innerWidth - PANEL_WIDTH - 8)
    const below = rect.bottom + 6
    const top = below + height > window.innerHeight - 8 ? Math.max(8, rect.top - 6 - height) : below
    const next = { top: Math.round(top), left: Math.round(Math.max(8, left)) }
    setPlace((was) => (was && was.top === next.top && was.left === next.left ? was : next))
  }, [anchor])

  useIsomorphicLayoutEffect(() => {
    position()
  })

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (panelRef.current?.contains(target) || anchor.current?.contains(target)) return
      onClose()
    }
    window.addEventListener('resize', position)
    window.addEventListener('scroll', position, true)
    document.addEventListener('pointerdown', onPointer)
    panelRef.current?.querySelector<HTMLElement>('button, input')?.focus()
    return () => {
      window.removeEventListener('resize', position)
      window.removeEventListener('scroll', position, true)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [position, onClose, anchor])

  const pendingName = create.state !== 'idle' ? String(create.formData?.get('name') ?? '').trim() : ''
  const targets = list.data?.targets

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-label="Save to collection"
      className={classes.panel}
      style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
      data-testid="save-menu"
    >
      <p className={classes.heading}>Save to collection</p>
      {!targets ? (
        <p className={classes.note}>Loading your collections…</p>
      ) : (
        <ul className={classes.list}>
          {pendingName ? (
            <li>
              <span className={classes.row} data-checked="true" aria-busy="true">
                <Check checked />
                <span className={classes.name}>{pendingName}</span>
              </span>
            </li>
          ) : null}
          {targets.map((target) => (
            <li key={target.id}>
              <TargetToggle target={target} action={action} />
            </li>
          ))}
          {targets.length === 0 && !pendingName ? (
            <li className={classes.note}>No collections yet: make one below.</li>
          ) : null}
        </ul>
      )}
      <create.Form
        method="post"
        action={action}
        className={classes.create}
        onSubmit={(event) => {
          const form = event.currentTarget
          // The name is kept for the optimistic row, then the field is emptied for the next one.
          requestAnimationFrame(() => form.reset())
        }}
      >
        <input type="hidden" name="intent" value="create" />
        <label className={classes.createLabel}>
          <span>New collection</span>
          <input
            name="name"
            required
            maxLength={COLLECTION_NAME_MAX}
            placeholder="Name"
            className={classes.input}
            autoComplete="off"
          />
        </label>
        <button type="submit" className={classes.createButton}>
          Create
        </button>
      </create.Form>
      {create.data?.error ? (
        <p className={classes.error} role="alert">
          {create.data.error}
        </p>
      ) : null}
      <a href="/collections" className={classes.all}>
        Your collections
      </a>
    </div>
  )
}

function TargetToggle({ target, action }: { target: SaveTarget; action: string }) {
  const fetcher = useFetcher<SaveReply>()
  const pending = fetcher.formData?.get('intent')
  const checked = pending ? pending === 'add' : target.contains
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value={checked ? 'remove' : 'add'} />
      <input type="hidden" name="collection_id" value={target.id} />
      <button type="submit" className={classes.row} aria-pressed={checked} data-checked={checked ? 'true' : undefined}>
        <Check checked={checked} />
        <span className={classes.name}>{target.name}</span>
        <span className={classes.meta}>{target.isKit ? 'Kit' : target.isPublic ? 'Public' : 'Private'}</span>
      </button>
      {fetcher.data?.error ? (
        <span className={classes.error} role="alert">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  )
}

function Check({ checked }: { checked: boolean }) {
  return (
    <span className={classes.check} aria-hidden="true">
      {checked ? (
        <svg width={14} height={14} viewBox="0 0 24 24">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : null}
    </span>
  )
}
