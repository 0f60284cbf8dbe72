import { sql, type Kysely } from 'kysely'

// Audio assets: what the decoder found, the waveform the cards draw, and the listening preview.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets
    add column duration_ms integer,
    add column sample_rate integer,
    add column channels smallint,
    add column waveform jsonb,
    add column audio_preview_key text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets
    drop column duration_ms, drop column sample_rate, drop column channels, drop column waveform, drop column audio_preview_key`.execute(
    db,
  )
}
