import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { Plan, Role } from '#db/schema'
import { inEarlyAccess } from '~/domain/catalogue/assets.server'
import { hasEarlyAccess } from '~/lib/early-access'
import { LICENCE_ID_PATTERN, licencePath } from '~/lib/licence-id'
import { LICENCE_TERMS } from '~/lib/licence-terms'
import { certificatePdf } from '~/platform/certificate-pdf.server'
import { publicFileUrl, readStoredFile, type Storage } from '~/platform/storage.server'

export const LICENCE_NOT_FOUND = 'Licence not found'

/** 'LIC-' and 100 random bits in base32 (RFC 4648 alphabet): unguessable and anonymous. */
export function newLicenceId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  const bytes = randomBytes(13)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5 && out.length < 20) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return `LIC-${out}`
}

export function isLicenceId(value: string): boolean {
  return LICENCE_ID_PATTERN.test(value)
}

/** 'j***@example.com': enough for the licensee to recognise, never the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

/** The name a certificate shows: the user's own name, else the email masked. */
export function licenseeName(user: { full_name: string; email: string }): string {
  return user.full_name.trim() || maskEmail(user.email)
}

export interface LicenceView {
  licenseId: string
  status: 'valid'
  /** `publicAt`: when an asset in early access goes live for everyone (its page is Pro's until then). */
  asset: { id: number | null; title: string; url: string | null; thumbnail: string | null; publicAt: string | null }
  licensee: string
  issuedAt: string
  plan: Plan
  termsVersion: string
  termsLabel: string
  sha256: string
  variant: string
  verifyPath: string
}

type LicenceRow = {
  id: string
  asset_id: number | null
  asset_title: string
  variant_label: string
  sha256: string
  licensee: string
  plan: Plan
  terms_version: string
  issued_at: Date
  published: boolean | null
  early: boolean | null
  publish_at: Date | null
  thumb_png_key: string | null
}

function selectLicences(db: DB) {
  return db
    .selectFrom('licences')
    .leftJoin('assets', 'assets.id', 'licences.asset_id')
    .select([
      'licences.id',
      'licences.asset_id',
      'licences.asset_title',
      'licences.variant_label',
      'licences.sha256',
      'licences.licensee',
      'licences.plan',
      'licences.terms_version',
      'licences.issued_at',
      'assets.is_active as published',
      sql<boolean | null>`${inEarlyAccess('assets')}`.as('early'),
      'assets.publish_at',
      'assets.thumb_png_key',
    ])
}

/**
 * `opensEarly`: the reader has early access, so an asset still in it links to its page (anyone
 * else sees its name, thumbnail and date, and no link until it goes live).
 */
function toLicenceView(row: LicenceRow, opensEarly = false): LicenceView {
  // The asset is linked while it is in the library; the licence stands either way.
  const listed = row.asset_id !== null && row.published === true
  const early = row.early === true && row.publish_at !== null
  return {
    licenseId: row.id,
    status: 'valid',
    asset: {
      id: row.asset_id,
      title: row.asset_title,
      url: row.asset_id !== null && (listed || (early && opensEarly)) ? `/assets/${row.asset_id}` : null,
      thumbnail: (listed || early) && row.thumb_png_key ? publicFileUrl(row.thumb_png_key) : null,
      publicAt: early ? new Date(row.publish_at!).toISOString() : null,
    },
    licensee: row.licensee,
    issuedAt: row.issued_at.toISOString(),
    plan: row.plan,
    termsVersion: row.terms_version,
    termsLabel:
      row.terms_version === LICENCE_TERMS.version ? LICENCE_TERMS.label : `Licence agreement ${row.terms_version}`,
    sha256: row.sha256,
    variant: row.variant_label,
    verifyPath: licencePath(row.id),
  }
}

/** A licence for anyone who has its id; null for an unknown or malformed id. */
export async function findLicence(db: DB, licenceId: string): Promise<LicenceView | null> {
  if (!isLicenceId(licenceId)) return null
  const row = await selectLicences(db).where('licences.id', '=', licenceId).executeTakeFirst()
  return row ? toLicenceView(row) : null
}

export const LICENCES_PAGE_SIZE = 20

/** The user's licences, newest first, a page at a time, linked as the user may open them. */
export async function licencesOf(
  db: DB,
  holder: { id: string; plan: Plan; role: Role },
  page = 1,
): Promise<{ licences: LicenceView[]; total: number; page: number; pages: number }> {
  const opensEarly = hasEarlyAccess(holder)
  const [rows, count] = await Promise.all([
    selectLicences(db)
      .where('licences.user_id', '=', holder.id)
      .orderBy('licences.issued_at', 'desc')
      .orderBy('licences.id')
      .limit(LICENCES_PAGE_SIZE)
      .offset((page - 1) * LICENCES_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('licences')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', holder.id)
      .executeTakeFirstOrThrow(),
  ])
  return {
    licences: rows.map((row) => toLicenceView(row, opensEarly)),
    total: count.n,
    page,
    pages: Math.max(1, Math.ceil(count.n / LICENCES_PAGE_SIZE)),
  }
}

/** How many licences an asset has been granted under (the admin's asset view). */
export async function licenceCount(db: DB, assetId: number): Promise<number> {
  const row = await db
    .selectFrom('licences')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('asset_id', '=', assetId)
    .executeTakeFirstOrThrow()
  return row.n
}

/** The licence's certificate as a PDF (one page, a QR code of its verification page); null when unknown. */
export async function licenceCertificate(
  db: DB,
  storage: Storage,
  licenceId: string,
  siteUrl: string,
): Promise<Uint8Array | null> {
  if (!isLicenceId(licenceId)) return null
  const row = await selectLicences(db).where('licences.id', '=', licenceId).executeTakeFirst()
  if (!row) return null
  const licence = toLicenceView(row)
  const thumb = licence.asset.thumbnail && row.thumb_png_key ? await storage.get(row.thumb_png_key) : null
  const bytes = thumb ? new Uint8Array(await readStoredFile(thumb)) : null
  const absolute = (path: string) => new URL(path, siteUrl).href
  return certificatePdf({
    licenseId: licence.licenseId,
    verifyUrl: absolute(licence.verifyPath),
    asset: {
      title: licence.asset.title,
      url: absolute(licence.asset.url ?? licence.verifyPath),
      ...(bytes ? { thumbnail: { bytes, type: 'png' as const } } : {}),
    },
    licensee: licence.licensee,
    issuedAt: row.issued_at,
    plan: licence.plan,
    termsVersion: row.terms_version === LICENCE_TERMS.version ? LICENCE_TERMS.effectiveDate : row.terms_version,
    termsUrl: absolute(LICENCE_TERMS.url),
    variant: licence.variant,
    sha256: licence.sha256,
  })
}

/** A licence as the admin sees it: the public facts and whose it is (null once the account is gone). */
export async function licenceForAdmin(
  db: DB,
  licenceId: string,
): Promise<{ licence: LicenceView; holder: { id: string; email: string; name: string } | null } | null> {
  const licence = await findLicence(db, licenceId)
  if (!licence) return null
  const holder = await db
    .selectFrom('licences')
    .innerJoin('users', 'users.id', 'licences.user_id')
    .select(['users.id', 'users.email', 'users.full_name as name'])
    .where('licences.id', '=', licenceId)
    .executeTakeFirst()
  return { licence, holder: holder ?? null }
}
