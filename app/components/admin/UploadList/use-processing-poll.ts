import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { ProcessingStatus } from '~/domain/uploads/progress.server'

/**
 * Asks the upload page every 2 s how these uploads' processing stands while `ids` is not empty,
 * and hands each answer to `onStates` (by asset id). Without JavaScript, the page's Refresh
 * button does the same.
 */
export function useProcessingPoll(
  ids: number[],
  onStates: (states: Record<string, ProcessingStatus>) => void,
  ms = 2000,
): void {
  const fetcher = useFetcher<{ states: Record<string, ProcessingStatus> }>()
  const key = ids.join(',')
  const idle = fetcher.state === 'idle'
  const { load } = fetcher
  useEffect(() => {
    if (!key || !idle) return
    const timer = setTimeout(() => void load(`/admin/upload?states=${key}`), ms)
    return () => clearTimeout(timer)
  }, [key, idle, load, ms])
  const handler = useRef(onStates)
  handler.current = onStates
  useEffect(() => {
    if (fetcher.data) handler.current(fetcher.data.states)
  }, [fetcher.data])
}
