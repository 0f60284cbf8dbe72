import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

/**
 * Reloads the page's data every `ms` while `active` (an upload being processed): with
 * JavaScript the progress shows by itself; without it, at each reload.
 */
export function useRevalidateWhile(active: boolean, ms = 2000): void {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') void revalidator.revalidate()
    }, ms)
    return () => clearInterval(timer)
  }, [active, ms, revalidator])
}
