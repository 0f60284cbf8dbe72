import type { ReactNode } from 'react'
import classes from './AssetGrid.module.css'

interface AssetGridProps {
  children: ReactNode
  /** Justified rows of cards at their real shape, or one card per line. */
  layout?: 'grid' | 'list'
  /** New results are on their way: the old ones dim. */
  loading?: boolean
  testId?: string
}

/**
 * The container of asset cards (AssetCard) wherever they are listed. In the grid every card
 * keeps its picture's ratio: rows of equal height that fill the width, laid out by CSS alone
 * from the sizes the server sent (the card's flex values), so it needs no JavaScript and
 * nothing moves when the images arrive.
 */
export function AssetGrid({ children, layout = 'grid', loading = false, testId }: AssetGridProps) {
  return (
    <div
      className={layout === 'list' ? classes.list : classes.grid}
      data-loading={loading || undefined}
      data-testid={testId}
    >
      {children}
    </div>
  )
}
