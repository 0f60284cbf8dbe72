import type { DB } from '#db/client'
import { defineBackfill } from '~/platform/backfill.server'
import { log } from '~/platform/log.server'
import { createPacer } from '~/platform/pacing.server'
import type { Storage } from '~/platform/storage.server'

// A delivered file's size is recorded when it is made (delivered-files.server.ts). Files kept
// before sizes were recorded (migration 0027) get theirs here, from storage: the object's
// size (a stat, or S3's HEAD), never its bytes. Only files with a digest: one kept before
// licences has none and is made again at its next download, with its size. In bounded chunks
// on the job queue, one at a time across all instances, like the palette backfill; until an
// asset's file has its size, its page shows none rather than a guess.

/** How many kept files one chunk sizes. */
const SIZES_CHUNK = 100
/** The pause between chunks, so serving comes first. */
const SIZES_PAUSE_MS = 1_000

/**
 * Records the size of up to `limit` kept files without one, in key order after `after`.
 * A file gone from storage stays without a size (its next download makes it again, with one),
 * and so does one storage says is empty, which no delivered file is.
 */
export async function fillDeliveredSizes(
  db: DB,
  storage: Storage,
  {
    after = '',
    limit = SIZES_CHUNK,
    duty = 1,
    signal,
  }: { after?: string; limit?: number; duty?: number; signal?: AbortSignal } = {},
): Promise<{ filled: number; last: string; done: boolean }> {
  const paced = createPacer(duty, signal)
  const rows = await db
    .selectFrom('asset_variants')
    .select('key')
    .where('bytes', 'is', null)
    .where('sha256', 'is not', null)
    .where('key', '>', after)
    .orderBy('key')
    .limit(limit)
    .execute()
  let filled = 0
  for (const { key } of rows) {
    signal?.throwIfAborted()
    const size = await paced(() => storage.size(key))
    if (size === null || size <= 0) continue
    // Only a missing size of a file still current is filled: one written meanwhile by the file
    // being made again wins, and a digest cleared meanwhile (a title edit) leaves none to size.
    const updated = await db
      .updateTable('asset_variants')
      .set({ bytes: size })
      .where('key', '=', key)
      .where('bytes', 'is', null)
      .where('sha256', 'is not', null)
      .executeTakeFirst()
    if (updated.numUpdatedRows > 0n) filled++
  }
  return { filled, last: rows.at(-1)?.key ?? after, done: rows.length < limit }
}

/** The backfill as a chain of chunks, each sending the next a moment later. */
export const deliveredSizes = defineBackfill<string>({
  name: 'downloads.sizes',
  key: 'delivered-sizes',
  first: '',
  chunk: SIZES_CHUNK,
  pauseMs: SIZES_PAUSE_MS,
  fill: ({ db, storage }, options) => fillDeliveredSizes(db, storage, options),
  filled: (chunk) => log.info('download sizes recorded', { files: chunk.filled }),
})
