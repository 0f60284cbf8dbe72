import { sql, type Kysely } from 'kysely'

// Posts saved while the sanitiser still kept the editor's width="auto" and height="auto" on
// their images: HTML's width and height take whole numbers, so the attributes go (absent, the
// image takes its picture's size, which is what 'auto' meant).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Two passes: a pass takes one of them per image, and an image may have both.
  for (let pass = 0; pass < 2; pass++) {
    await sql`
      update blog_posts
      set content_html = regexp_replace(content_html, '(<img\\s[^>]*?)\\s(width|height)="auto"', '\\1', 'gi')
      where content_html ~* '<img\\s[^>]*(width|height)="auto"'
    `.execute(db)
  }
}

export async function down(): Promise<void> {
  // Nothing to restore: 'auto' was never a valid size.
}
