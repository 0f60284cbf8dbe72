import { Badge, Group, Progress, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { UploadItem } from '~/lib/upload-plan'
import { formatFileSize } from '~/lib/asset-view'
import { ProcessingStatus } from '~/components/admin/ProcessingStatus/ProcessingStatus'
import { ScheduledFor } from '~/components/admin/ScheduleField/ScheduleField'
import classes from './UploadList.module.css'

export interface UploadListItem extends Omit<UploadItem, 'status'> {
  key: string
  status: UploadItem['status'] | 'queued'
  /** 0..1 while uploading. */
  progress?: number
  /** A picture of the file before the server has one (an object URL of the local file). */
  localUrl?: string | null
}

const STATUS_TEXT: Record<UploadListItem['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  completed: 'Uploaded: ready to publish',
  published: 'Published',
  draft: 'Saved as draft',
  error: 'Failed',
}

/** The upload progress list of /admin/upload, for the enhanced page and the results page. */
export function UploadList({
  items,
  actions,
  retry,
}: {
  items: UploadListItem[]
  actions: (item: UploadListItem) => ReactNode
  /** A failed upload's Retry button (decision 087). */
  retry?: (item: UploadListItem & { id: number }) => ReactNode
}) {
  return (
    <ul className={classes.list} aria-label="Uploads">
      {items.map((item) => {
        const picture = item.localUrl ?? item.previewUrl
        return (
          <li
            key={item.key}
            className={classes.item}
            data-status={item.status}
            data-processing={item.processing?.state}
            data-testid="upload-item"
          >
            <div className={classes.thumb}>{picture ? <img src={picture} alt="" width={56} height={56} /> : null}</div>
            <div className={classes.body}>
              <Group gap="xs" wrap="nowrap" className={classes.head}>
                <Text fw={600} size="sm" className={classes.name} title={item.name}>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(item.bytes)}
                </Text>
              </Group>
              {item.detectedTitle ? (
                <Text size="sm">
                  Title: <span data-testid="detected-title">{item.detectedTitle}</span>
                  {item.metadata?.category ? ` · ${item.metadata.category}` : ''}
                  {item.metadata?.releases ? ` · releases: ${item.metadata.releases}` : ''}
                  {item.metadata?.thumbnail ? ` · thumbnail: ${item.metadata.thumbnail}` : ''}
                </Text>
              ) : null}
              {item.detectedTags.length ? (
                <Group gap={4} mt={2}>
                  {item.detectedTags.map((tag) => (
                    <Badge key={tag} size="xs" variant="light" color="gray" tt="none">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              ) : null}
              {item.status === 'uploading' ? (
                <Progress
                  value={Math.round((item.progress ?? 0) * 100)}
                  size="sm"
                  mt={6}
                  aria-label={`Uploading ${item.name}`}
                />
              ) : null}
              {item.status !== 'error' && item.id !== null && item.processing && item.processing.state !== 'ready' ? (
                <ProcessingStatus processing={item.processing} retry={retry?.({ ...item, id: item.id })} />
              ) : item.status === 'error' ? (
                <Text size="sm" c="red" mt={2} role="alert" data-testid="upload-error">
                  {item.error || 'Upload failed'}
                </Text>
              ) : (
                <Text size="xs" c={item.status === 'published' ? 'green' : 'dimmed'} mt={2} data-testid="upload-status">
                  {item.status === 'uploading'
                    ? `${STATUS_TEXT.uploading} ${Math.round((item.progress ?? 0) * 100)}%`
                    : STATUS_TEXT[item.status]}
                </Text>
              )}
              {item.publishAt && !item.isPublished && item.status !== 'error' ? (
                <ScheduledFor at={item.publishAt} />
              ) : null}
            </div>
            <Group gap={6} className={classes.actions} wrap="nowrap">
              {actions(item)}
            </Group>
          </li>
        )
      })}
    </ul>
  )
}
