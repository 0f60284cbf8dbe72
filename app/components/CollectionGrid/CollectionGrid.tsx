import { useEffect, useState, type DragEvent, type FormEvent } from 'react'
import { useFetcher } from 'react-router'
import { useMounted } from '@mantine/hooks'
import type { AssetView } from '~/lib/asset-view'
import { AssetCard } from '~/components/AssetCard/AssetCard'
import classes from './CollectionGrid.module.css'

interface CollectionGridProps {
  collectionId: number
  assets: AssetView[]
  favouriteIds: number[]
  /** The owner's view: move up and down, remove, and (with JavaScript) drag. */
  editable: boolean
  page: number
  /** The first asset's place in the whole collection (0-based): moves are sent in the collection's places. */
  offset: number
  total: number
  previewHref: (assetId: number) => string
}

/**
 * A collection's assets in its order. For its owner every card has 'Move up', 'Move down' and
 * 'Remove' forms (posts that work without JavaScript); with JavaScript they act at once, and a
 * card can be dragged to another place (native drag and drop), the new order shown before the
 * server has answered.
 */
export function CollectionGrid(props: CollectionGridProps) {
  const { collectionId, assets, favouriteIds, editable, page, offset, total, previewHref } = props
  const fetcher = useFetcher()
  const mounted = useMounted()
  const [order, setOrder] = useState(() => assets.map((a) => a.id))
  const [dragged, setDragged] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)
  // New data from the server (after a move or on another page) is the order from then on.
  useEffect(() => setOrder(assets.map((a) => a.id)), [assets])
  const byId = new Map(assets.map((a) => [a.id, a]))
  const favourites = new Set(favouriteIds)
  const action = `/collections/${collectionId}`

  const send = (fields: Record<string, string>) =>
    fetcher.submit({ ...fields, page: String(page) }, { method: 'post', action })

  const moveTo = (assetId: number, index: number) => {
    const from = order.indexOf(assetId)
    if (from < 0 || index === from) return
    const next = order.filter((id) => id !== assetId)
    next.splice(Math.max(0, Math.min(index, next.length)), 0, assetId)
    setOrder(next)
    void send({ intent: 'move', asset_id: String(assetId), to: String(offset + next.indexOf(assetId)) })
  }

  /**
   * Up or down one place. At the page's edge the neighbour is on the next or previous page: the
   * server moves it there (as the form does without JavaScript) and the page's new data shows it.
   */
  const step = (assetId: number, index: number, direction: 'up' | 'down') => {
    const target = direction === 'up' ? index - 1 : index + 1
    if (target >= 0 && target < order.length) moveTo(assetId, target)
    else void send({ intent: 'move', asset_id: String(assetId), to: direction })
  }

  /** With JavaScript a form acts in place; without, it posts and the page comes back. */
  const inPlace = (apply: () => void) => (event: FormEvent) => {
    event.preventDefault()
    apply()
  }

  const onDrop = (event: DragEvent, targetId: number) => {
    event.preventDefault()
    const id = dragged ?? Number(event.dataTransfer.getData('text/plain'))
    setDragged(null)
    setOver(null)
    if (!id || id === targetId) return
    moveTo(id, order.indexOf(targetId))
  }

  return (
    <ul className={classes.grid} data-testid="collection-grid">
      {order.map((id, index) => {
        const asset = byId.get(id)
        if (!asset) return null
        const place = offset + index
        return (
          <li
            key={id}
            className={classes.item}
            data-dragging={dragged === id ? 'true' : undefined}
            data-over={over === id && dragged !== id ? 'true' : undefined}
            draggable={editable && mounted ? true : undefined}
            onDragStart={
              editable
                ? (event) => {
                    setDragged(id)
                    event.dataTransfer.effectAllowed = 'move'
                    event.dataTransfer.setData('text/plain', String(id))
                  }
                : undefined
            }
            onDragOver={
              editable
                ? (event) => {
                    if (dragged === null) return
                    event.preventDefault()
                    event.dataTransfer.dropEffect = 'move'
                    if (over !== id) setOver(id)
                  }
                : undefined
            }
            onDragEnd={
              editable
                ? () => {
                    setDragged(null)
                    setOver(null)
                  }
                : undefined
            }
            onDrop={editable ? (event) => onDrop(event, id) : undefined}
          >
            <AssetCard asset={asset} isFavourite={favourites.has(id)} previewHref={previewHref(id)} frame="cells" />
            {editable ? (
              <div className={classes.tools} role="group" aria-label={`Arrange ${asset.title}`}>
                <form method="post" action={action} onSubmit={inPlace(() => step(id, index, 'up'))}>
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="asset_id" value={id} />
                  <input type="hidden" name="to" value="up" />
                  <input type="hidden" name="page" value={page} />
                  <button
                    type="submit"
                    className={classes.tool}
                    disabled={place === 0}
                    aria-label={`Move ${asset.title} up`}
                    title="Move up"
                  >
                    ↑
                  </button>
                </form>
                <form method="post" action={action} onSubmit={inPlace(() => step(id, index, 'down'))}>
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="asset_id" value={id} />
                  <input type="hidden" name="to" value="down" />
                  <input type="hidden" name="page" value={page} />
                  <button
                    type="submit"
                    className={classes.tool}
                    disabled={place >= total - 1}
                    aria-label={`Move ${asset.title} down`}
                    title="Move down"
                  >
                    ↓
                  </button>
                </form>
                {mounted ? (
                  <span className={classes.hint} aria-hidden="true">
                    or drag
                  </span>
                ) : null}
                <form
                  method="post"
                  action={action}
                  className={classes.remove}
                  onSubmit={inPlace(() => {
                    setOrder(order.filter((other) => other !== id))
                    void send({ intent: 'remove', asset_id: String(id) })
                  })}
                >
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="asset_id" value={id} />
                  <input type="hidden" name="page" value={page} />
                  <button
                    type="submit"
                    className={classes.tool}
                    aria-label={`Remove ${asset.title} from this collection`}
                  >
                    Remove
                  </button>
                </form>
              </div>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
