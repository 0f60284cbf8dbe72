import { Link, useFetcher, useLocation, useRouteLoaderData } from 'react-router'
import { Alert, Anchor, Group, Text } from '@mantine/core'
import { PlainButton } from '~/components/Plain/Plain'
import { Cluster, Txt } from '~/components/Plain/Typography'
import { SelectField } from '~/components/Plain/Fields'
import { useEffect, useState } from 'react'
import type { AssetType } from '~/lib/constants'
import {
  FORMAT_LABELS,
  MAX_PADDING,
  type OriginalSize,
  formatsFor,
  offersMp3,
  ownFormat,
  sizeLabel,
  sizesOffered,
  takesBackground,
  takesOptions,
} from '~/lib/download-options'
import { licencePath } from '~/lib/licence-id'
import { quotaLine, quotaSpent, type DownloadQuota } from '~/lib/quota'
import { withoutDownloadStarted } from '~/lib/download-started'
import classes from '~/components/AssetPreview/AssetPreview.module.css'

export const DOWNLOAD_FAILED = 'Download failed'
export const RESUME_TEXT = 'You are signed in. Your download is one click away.'

/** The signed-in person's quota, from the root loader (revalidated after each download). */
function useQuota(): DownloadQuota | null {
  const root = useRouteLoaderData('root') as { quota?: DownloadQuota | null } | undefined
  return root?.quota ?? null
}

/** 'n of 5 free downloads left today' and, for Free, when the quota resets. */
export function QuotaLine() {
  const quota = useQuota()
  // Signed out: no quota, no line.
  if (!quota) return null
  return (
    <>
      <Txt size="sm" c="dimmed" mt={6} data-testid="quota-line" aria-live="polite">
        {quotaLine(quota)}
      </Txt>
      {quota.resets ? (
        <Txt size="xs" c="dimmed" data-testid="quota-resets">
          {quota.resets}
        </Txt>
      ) : null}
    </>
  )
}

export const QUOTA_SPENT_TEXT = 'Today’s free downloads are used up.'

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

type DownloadData =
  | { ok: true; downloadUrl: string; filename: string; licenseId: string }
  | { ok: false; error: string }

/**
 * 'Download PNG'. Without JavaScript a form post whose answer is the file itself; with it, a
 * fetcher that shows 'Downloading...', saves the file and shows the server's error if any.
 * `resume` (back from 'sign in to download') labels it 'Download now' with a note: the user
 * confirms with one click, so the page's GET never spends quota.
 */
export function DownloadButton({
  assetId,
  format = 'PNG',
  resume = false,
  assetType,
  original = { width: null, height: null },
  downloadedToday = false,
}: {
  assetId: number
  /** What the file is: the button says 'Download WAV', 'Download JPG', ... */
  format?: string
  resume?: boolean
  assetType?: AssetType
  /** The original's size: the options offer no size larger than it. */
  original?: OriginalSize
  /** Taken today already: a repeat is free, so a spent quota does not stop it. */
  downloadedToday?: boolean
}) {
  const fetcher = useFetcher<DownloadData>()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

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

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer of the fetcher, not when save changes
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) void save(fetcher.data.downloadUrl, fetcher.data.filename)
    else setError(fetcher.data.error || DOWNLOAD_FAILED)
  }, [fetcher.state, fetcher.data])

  const busy = fetcher.state !== 'idle' || saving
  const location = useLocation()
  // Without JavaScript the post comes back here (the page starts the file and names its licence).
  const returnTo = withoutDownloadStarted(location.pathname, location.search)
  const licenseId = fetcher.data?.ok ? fetcher.data.licenseId : null
  // A spent quota is said here, with the way on, rather than by a button that leads to pricing.
  const spent = quotaSpent(useQuota()) && !downloadedToday && !licenseId
  if (spent)
    return (
      <div data-testid="download-spent">
        <PlainButton size="md" disabled>
          Download {format}
        </PlainButton>
        <QuotaLine />
        <Text size="sm" mt={6} maw={320}>
          {QUOTA_SPENT_TEXT}{' '}
          <Anchor component={Link} to="/pricing" fw={600}>
            Go Pro
          </Anchor>{' '}
          for unlimited downloads.
        </Text>
      </div>
    )
  return (
    <div>
      {resume ? (
        <Alert color="green" mb="xs" p="xs">
          {RESUME_TEXT}
        </Alert>
      ) : null}
      <Cluster gap="xs">
        <fetcher.Form method="post" action={`/assets/${assetId}/download`} onSubmit={() => setError(null)}>
          <input type="hidden" name="return_to" value={returnTo} />
          <PlainButton type="submit" size="md" disabled={busy}>
            {busy ? 'Downloading...' : resume ? 'Download now' : `Download ${format}`}
          </PlainButton>
        </fetcher.Form>
        {assetType && offersMp3(assetType, format) ? (
          // The same download as MP3: one more form, so it works the same without JavaScript.
          <fetcher.Form method="post" action={`/assets/${assetId}/download`} onSubmit={() => setError(null)}>
            <input type="hidden" name="return_to" value={returnTo} />
            <input type="hidden" name="format" value="mp3" />
            <PlainButton type="submit" size="md" variant="light" disabled={busy}>
              Download MP3
            </PlainButton>
          </fetcher.Form>
        ) : null}
      </Cluster>
      <QuotaLine />
      {assetType && takesOptions(assetType) ? (
        // A plain form in a <details>: works the same without JavaScript (the answer is the file).
        <details className={classes.options}>
          <summary>Download options</summary>
          <fetcher.Form
            method="post"
            action={`/assets/${assetId}/download`}
            onSubmit={() => setError(null)}
            className={classes.optionsForm}
            aria-label="Download options"
          >
            <input type="hidden" name="return_to" value={returnTo} />
            <SelectField
              label="Size"
              name="size"
              defaultValue="original"
              data={sizesOffered(original).map((s) => ({ value: s, label: sizeLabel(s, original) }))}
            />
            <SelectField
              label="Format"
              name="format"
              defaultValue={ownFormat(assetType, format)}
              data={formatsFor(assetType).map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
            />
            {takesBackground(assetType) ? (
              <>
                <SelectField
                  label="Background"
                  name="background"
                  defaultValue="transparent"
                  data={[
                    { value: 'transparent', label: 'Transparent' },
                    { value: 'white', label: 'White' },
                    { value: 'black', label: 'Black' },
                    { value: 'custom', label: 'Custom colour' },
                  ]}
                />
                <label className={classes.colour}>
                  Custom colour <input type="color" name="background_colour" defaultValue="#7c8cf0" />
                </label>
                <SelectField
                  label="Padding"
                  name="padding"
                  defaultValue="0"
                  data={[0, 5, 10, 15, 20, MAX_PADDING].map((p) => ({ value: String(p), label: p ? `${p}%` : 'None' }))}
                />
              </>
            ) : null}
            <PlainButton type="submit" variant="light" disabled={busy}>
              Download
            </PlainButton>
          </fetcher.Form>
        </details>
      ) : null}
      {licenseId && !busy && !error ? (
        <Group gap="xs" mt={6} data-testid="download-licence">
          <Text size="sm">
            Licensed to you:{' '}
            <Anchor href={licencePath(licenseId)} fw={600}>
              {licenseId}
            </Anchor>
          </Text>
          <Anchor href={`${licencePath(licenseId)}.pdf`} size="sm">
            Certificate (PDF)
          </Anchor>
        </Group>
      ) : null}
      {error ? (
        <Txt c="red" size="sm" mt={6} role="alert">
          {error}
        </Txt>
      ) : null}
    </div>
  )
}
