import { sql, type Kysely } from 'kysely'

// An upload answers as soon as its original is stored; its derivatives (previews, thumbnail,
// palette; for audio the decode, the MP3 preview and the waveform) are made by the job
// 'process-upload' (decision 087). The row says where that stands: 'processing' until the job
// has written every file and the row last, 'failed' with the reason the admin sees, 'ready'.
// Every asset before this migration was processed on upload: 'ready'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets
    add column processing_state text not null default 'ready'
      check (processing_state in ('processing', 'ready', 'failed')),
    add column processing_error text,
    add column processing_step text,
    add column thumbnail_source_key text`.execute(db)
  // The rule publishing enforces (setPublished refuses first, with a reason): only a processed
  // asset is ever public, so no public page meets an asset without its previews.
  await sql`alter table assets add constraint assets_published_is_ready
    check (not is_active or processing_state = 'ready')`.execute(db)
  await sql`create index assets_processing_idx on assets (id) where processing_state <> 'ready'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assets_processing_idx`.execute(db)
  await sql`alter table assets drop constraint if exists assets_published_is_ready`.execute(db)
  await sql`alter table assets
    drop column if exists thumbnail_source_key,
    drop column if exists processing_step,
    drop column if exists processing_error,
    drop column if exists processing_state`.execute(db)
}
