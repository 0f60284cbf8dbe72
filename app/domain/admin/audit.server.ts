import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'

/** Who did what to which record: one audit_log row per admin change, in its transaction. */
export interface AuditEntry {
  actorId: string | null
  action:
    | 'asset.upload'
    | 'asset.update'
    | 'asset.publish'
    | 'asset.unpublish'
    | 'asset.schedule'
    | 'asset.unschedule'
    | 'asset.delete'
    | 'asset.retry-processing'
    | 'kit.create'
    | 'kit.update'
    | 'kit.delete'
    | 'blog.delete'
  targetType: 'asset' | 'collection' | 'blog_post'
  targetId: string | number
  details?: Record<string, unknown>
}

export async function recordAudit(db: Kysely<Database>, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((e) => ({
    actor_id: e.actorId,
    action: e.action,
    target_type: e.targetType,
    target_id: String(e.targetId),
    details: e.details ? JSON.stringify(e.details) : null,
  }))
  if (rows.length === 0) return
  await db.insertInto('audit_log').values(rows).execute()
}
