import { sql, type Kysely } from 'kysely'

// The whole first data model in one migration, so that later work adds
// behaviour without fighting over the schema. Forward-only: `down` exists for tests only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)

  // array_to_string is only STABLE; a generated column needs an IMMUTABLE expression.
  await sql`
    create or replace function tags_to_text(text[]) returns text
    language sql immutable parallel safe as $$ select coalesce(array_to_string($1, ' '), '') $$
  `.execute(db)

  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null unique,
      full_name text not null default '',
      password_hash text,
      google_id text unique,
      email_verified boolean not null default false,
      role text not null default 'user' check (role in ('user', 'admin')),
      plan text not null default 'free' check (plan in ('free', 'pro')),
      stripe_customer_id text unique,
      stripe_subscription_id text,
      subscription_renews_at timestamptz,
      subscription_ends_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db)

  await sql`
    create table sessions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      token_hash text not null unique,
      user_agent text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db)
  await sql`create index sessions_user_id_idx on sessions (user_id)`.execute(db)

  for (const table of ['password_resets', 'login_tokens']) {
    await sql`
      create table ${sql.table(table)} (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users(id) on delete cascade,
        token_hash text not null unique,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db)
  }

  await sql`
    create table assets (
      id integer generated always as identity primary key,
      title text not null,
      description text not null default '',
      tags text[] not null default '{}',
      category text not null default '',
      asset_type text not null default '3d' check (asset_type in ('3d', 'image', 'audio')),
      is_active boolean not null default false,
      download_count integer not null default 0,
      original_key text not null,
      original_filename text not null default '',
      mime_type text not null default 'image/png',
      thumb_key text,
      thumb_png_key text,
      preview_key text,
      preview_png_key text,
      width integer,
      height integer,
      bytes integer,
      dominant_colour text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      published_at timestamptz,
      search tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, title), 'A') ||
        setweight(to_tsvector('english'::regconfig, tags_to_text(tags) || ' ' || category), 'B') ||
        setweight(to_tsvector('english'::regconfig, description), 'C')
      ) stored
    )`.execute(db)
  await sql`create index assets_search_idx on assets using gin (search)`.execute(db)
  await sql`create index assets_title_trgm_idx on assets using gin (title gin_trgm_ops)`.execute(db)
  await sql`create index assets_tags_idx on assets using gin (tags)`.execute(db)
  await sql`create index assets_active_created_idx on assets (is_active, created_at desc, id desc)`.execute(db)
  await sql`create index assets_active_downloads_idx on assets (is_active, download_count desc, id desc)`.execute(db)
  await sql`create index assets_category_idx on assets (category)`.execute(db)

  await sql`
    create table favourites (
      user_id uuid not null references users(id) on delete cascade,
      asset_id integer not null references assets(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, asset_id)
    )`.execute(db)
  await sql`create index favourites_asset_idx on favourites (asset_id)`.execute(db)

  // One row per (user, asset, UTC day): a repeat download of the same asset that day is free.
  await sql`
    create table downloads (
      id integer generated always as identity primary key,
      user_id uuid not null references users(id) on delete cascade,
      asset_id integer not null references assets(id) on delete cascade,
      day date not null,
      created_at timestamptz not null default now(),
      unique (user_id, asset_id, day)
    )`.execute(db)
  await sql`create index downloads_day_idx on downloads (day)`.execute(db)
  await sql`create index downloads_user_created_idx on downloads (user_id, created_at desc)`.execute(db)

  // The per-day counter that makes the Free quota atomic: one conditional upsert.
  await sql`
    create table download_quota_usage (
      user_id uuid not null references users(id) on delete cascade,
      day date not null,
      used integer not null default 0,
      primary key (user_id, day)
    )`.execute(db)

  await sql`
    create table blog_posts (
      id integer generated always as identity primary key,
      slug text not null unique,
      title text not null,
      excerpt text not null default '',
      content_html text not null default '',
      image_url text not null default '',
      date text not null default '',
      read_time text not null default '',
      category text not null default '',
      author_id uuid references users(id) on delete set null,
      author_name text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db)

  await sql`
    create table payments (
      id integer generated always as identity primary key,
      user_id uuid not null references users(id) on delete cascade,
      stripe_invoice_id text unique,
      description text not null,
      amount_cents integer not null,
      currency text not null default 'usd',
      paid_at timestamptz not null default now()
    )`.execute(db)
  await sql`create index payments_user_idx on payments (user_id, paid_at desc)`.execute(db)

  await sql`
    create table stripe_events (
      id text primary key,
      type text not null,
      received_at timestamptz not null default now()
    )`.execute(db)

  await sql`
    create table contact_messages (
      id integer generated always as identity primary key,
      name text not null,
      email text not null,
      message text not null,
      created_at timestamptz not null default now()
    )`.execute(db)

  await sql`
    create table outbound_emails (
      id integer generated always as identity primary key,
      to_address text not null,
      from_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      transport text not null default 'outbox',
      created_at timestamptz not null default now()
    )`.execute(db)

  await sql`
    create table rate_limits (
      key text primary key,
      window_start timestamptz not null,
      count integer not null
    )`.execute(db)

  await sql`
    create table audit_log (
      id integer generated always as identity primary key,
      actor_id uuid references users(id) on delete set null,
      action text not null,
      target_type text not null,
      target_id text,
      details jsonb,
      created_at timestamptz not null default now()
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'rate_limits',
    'outbound_emails',
    'contact_messages',
    'stripe_events',
    'payments',
    'blog_posts',
    'download_quota_usage',
    'downloads',
    'favourites',
    'assets',
    'login_tokens',
    'password_resets',
    'sessions',
    'users',
  ]) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db)
  }
  await sql`drop function if exists tags_to_text(text[])`.execute(db)
}
