import { useFetcher } from 'react-router'
import { Button, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'

export const DOWNLOAD_FAILED = 'Download failed'

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
export function DownloadButton({
  assetId,
  format = 'PNG',
  resume,
}: {
  assetId: number
  /** What the file is: the button says 'Download WAV', 'Download JPG', ... */
  format?: string
  resume?: { downloadUrl: string; filename: string } | null
}) {
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
          {busy ? 'Downloading...' : `Download ${format}`}
        </Button>
      </fetcher.Form>
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
