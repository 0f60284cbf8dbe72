import { useFetcher, useRouteLoaderData } from 'react-router'
import { Button, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'

export const DOWNLOAD_FAILED = 'Download failed'

interface QuotaView {
  plan: 'free' | 'pro'
  left: number | null
  limit: number | null
}

/** 'n of 5 free downloads left today' (Pro: 'Unlimited downloads'); empty when signed out. */
export function quotaLine(quota: QuotaView | null | undefined): string | null {
  if (!quota) return null
  if (quota.plan === 'pro' || quota.limit === null) return 'Unlimited downloads'
  return `${quota.left} of ${quota.limit} free downloads left today`
}

/** The signed-in person's quota, from the root loader (revalidated after each download). */
export function QuotaLine() {
  const root = useRouteLoaderData('root') as { quota?: QuotaView | null } | undefined
  const text = quotaLine(root?.quota)
  if (!text) return null
  return (
    <Text size="sm" c="dimmed" mt={6} data-testid="quota-line" aria-live="polite">
      {text}
    </Text>
  )
}

/** Fetches a granted file and saves it under its name, without leaving the page. */
export async function saveDownload(url: string, filename: string): Promise<void> {
  const response = await fetch(url)
  if (!response.ok) throw new Error((await response.text()) || DOWNLOAD_FAILED)
  const blob = await response.blob()
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}

type DownloadData = { ok: true; downloadUrl: string; filename: string } | { ok: false; error: string }

/**
 * 'Download PNG'. Without JavaScript a form post whose answer is the file itself; with it, a
 * fetcher that shows 'Downloading...', saves the file and shows the server's error if any.
 * `resume` is a download already granted by the page (after signing in to download).
 */
export function DownloadButton({ assetId, resume }: { assetId: number; resume?: { downloadUrl: string; filename: string } | null }) {
  const fetcher = useFetcher<DownloadData>()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const resumed = useRef(false)

  async function save(url: string, filename: string) {
    setSaving(true)
    setError(null)
    try {
      await saveDownload(url, filename)
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : DOWNLOAD_FAILED)
    } finally {
      setSaving(false)
    }
  }

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) void save(fetcher.data.downloadUrl, fetcher.data.filename)
    else setError(fetcher.data.error || DOWNLOAD_FAILED)
  }, [fetcher.state, fetcher.data])

  useEffect(() => {
    if (!resume || resumed.current) return
    resumed.current = true
    void save(resume.downloadUrl, resume.filename)
  }, [resume])

  const busy = fetcher.state !== 'idle' || saving
  return (
    <div>
      <fetcher.Form method="post" action={`/assets/${assetId}/download`} onSubmit={() => setError(null)}>
        <Button type="submit" size="md" disabled={busy}>
          {busy ? 'Downloading...' : 'Download PNG'}
        </Button>
      </fetcher.Form>
      <QuotaLine />
      {error ? (
        <Text c="red" size="sm" mt={6} role="alert">
          {error}
        </Text>
      ) : null}
      {resume ? (
        // Without JavaScript the page itself follows the granted link: the file is saved.
        <noscript>
          <meta httpEquiv="refresh" content={`0;url=${resume.downloadUrl}`} />
        </noscript>
      ) : null}
    </div>
  )
}
