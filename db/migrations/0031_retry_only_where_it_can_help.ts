import { sql, type Kysely } from 'kysely'

// A failed upload says whether Retry can mend it: not when the file itself is the problem (it
// does not decode, or its original is gone), since another attempt would read the same bytes.
// Uploads that failed before this column existed are judged by the job's words for such files.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets add column processing_retryable boolean not null default true`.execute(db)
  await sql`
    update assets set processing_retryable = false
    where processing_state = 'failed' and (
      processing_error in (
        'The file is not audio we can decode: upload WAV, MP3, OGG/Opus or FLAC.',
        'The file is not an image we can read.',
        'The original file is missing from storage: delete this asset and upload it again.'
      )
      or processing_error like 'Unexpected original key %'
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets drop column processing_retryable`.execute(db)
}
