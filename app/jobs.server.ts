import type { JobDefinition } from '~/platform/job-queue.server'
import { publishDueJob, publishScheduledJob } from '~/domain/catalogue/scheduled-publishing.server'
import { processUploadJob } from '~/domain/uploads/jobs.server'
import { analyticsRetentionJob } from '~/domain/analytics/retention.server'
import { paletteBackfill } from '~/domain/catalogue/palette.server'
import { prepareDownloadsJob } from '~/domain/downloads/prepare-downloads.server'
import { deliveredSizes } from '~/domain/downloads/delivered-sizes.server'
import { storageSweepJob } from '~/platform/storage-cleanup.server'

// The job table: every kind of background work the site does, run by the queue
// (app/platform/job-queue.server.ts). A job's handler lives in its feature's folder.
// biome-ignore lint/suspicious/noExplicitAny: jobs with different data
export const jobTable: readonly JobDefinition<any>[] = [
  processUploadJob,
  publishScheduledJob,
  publishDueJob,
  prepareDownloadsJob,
  deliveredSizes.job,
  paletteBackfill.job,
  storageSweepJob,
  analyticsRetentionJob,
]
