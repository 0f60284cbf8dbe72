import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { COLLECTION_NAME_MAX } from '~/lib/collection-limits'
import classes from './SaveToCollection.module.css'

// The save menu itself: loaded when a save button is first about to be used, so pages full of
// cards do not carry it.

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

const PANEL_WIDTH = 280
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

export default function SavePanel({
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
