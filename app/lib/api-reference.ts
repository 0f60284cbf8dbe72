// The public JSON API as data: the /api page renders it for people and /api/openapi.json turns
// it into an OpenAPI 3.1 document, so the two can never disagree. Shapes follow the routes
// (app/routes/api/*), AssetView (app/lib/asset-view.ts) and publicUser (app/auth.server.ts).
import { COLOUR_SWATCHES, MIN_COLOUR_WEIGHT, NEAR_DISTANCE, ORIENTATIONS } from './colour'
import { ASSET_TYPES, FREE_DAILY_DOWNLOADS, SESSION_DAYS, SORTS } from './constants'

export type JsonSchema = { [key: string]: unknown }

/** GET /api/assets never returns more than this many assets per page (search.server MAX_PAGE_SIZE). */
export const API_MAX_LIMIT = 100
export const API_DEFAULT_LIMIT = 20

const ref = (name: keyof typeof API_SCHEMAS): JsonSchema => ({ $ref: `#/components/schemas/${name}` })
const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...extra })

export const API_SCHEMAS = {
  Error: {
    type: 'object',
    description: 'Every error answer: a message that can be shown to a person.',
    required: ['error'],
    properties: { error: { type: 'string' } },
  },
  Asset: {
    type: 'object',
    description: 'A published asset. Image URLs are relative to the site.',
    required: ['id', 'title', 'description', 'tags', 'category', 'asset_type', 'download_count', 'is_active', 'created_at', 'image', 'thumbnail', 'preview_urls', 'palette'],
    properties: {
      id: { type: 'integer' },
      title: { type: 'string' },
      description: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' }, description: 'Lower-case, in the artist’s order.' },
      category: { type: 'string' },
      asset_type: { type: 'string', enum: [...ASSET_TYPES] },
      download_count: { type: 'integer' },
      is_active: { type: 'boolean', description: 'Always true here: the API only lists published assets.' },
      created_at: { type: 'string', format: 'date-time' },
      image: { type: 'string', description: 'The preview as PNG.' },
      thumbnail: { type: 'string', description: 'The thumbnail as PNG.' },
      preview_urls: {
        type: 'object',
        required: ['thumb', 'thumb_webp', 'preview', 'preview_webp'],
        properties: {
          thumb: { type: 'string' },
          thumb_webp: { type: 'string' },
          preview: { type: 'string' },
          preview_webp: { type: 'string' },
        },
      },
      width: nullable('integer', { description: 'Of the original, in pixels.' }),
      height: nullable('integer'),
      dominant_colour: nullable('string', { description: 'A hex colour such as #7c8cf0.' }),
      palette: {
        type: 'array',
        maxItems: 5,
        description: 'The dominant colours, biggest share first (up to 5); empty until computed. The colour filter (`color=`) matches against these.',
        items: {
          type: 'object',
          required: ['hex', 'weight'],
          additionalProperties: false,
          properties: {
            hex: { type: 'string', pattern: '^#[0-9a-f]{6}$', description: 'The colour, such as #7c8cf0.' },
            weight: { type: 'number', minimum: 0, maximum: 1, description: 'Its share of the visible (opaque) pixels.' },
          },
        },
      },
      file_format: { type: 'string', description: 'What a download gives: PNG, JPG, WEBP, WAV, MP3, OGG, OPUS or FLAC.' },
      audio: {
        type: ['object', 'null'],
        description: 'Audio assets only (null otherwise). The thumbnail and preview images show the waveform.',
        required: ['duration_ms', 'sample_rate', 'channels', 'waveform', 'preview_url'],
        properties: {
          duration_ms: { type: 'integer', description: 'Length of the original, in milliseconds.' },
          sample_rate: nullable('integer', { description: 'Of the original, in Hz.' }),
          channels: nullable('integer', { description: '1 mono, 2 stereo.' }),
          waveform: { type: 'array', items: { type: 'number', minimum: 0, maximum: 1 }, description: 'Peak level of 120 equal slices, scaled to the loudest.' },
          preview_url: { type: 'string', description: 'A compressed MP3 listening preview (96 kbit/s), public.' },
        },
      },
    },
  },
  AssetPage: {
    type: 'object',
    required: ['assets', 'total', 'totalCapped', 'totalEstimated', 'page', 'limit', 'pageCount'],
    properties: {
      assets: { type: 'array', items: { $ref: '#/components/schemas/Asset' } },
      total: { type: 'integer', description: 'Matches, counted up to 10,000; an estimate when totalEstimated is true.' },
      totalCapped: { type: 'boolean', description: 'True when there are more than 10,000 counted matches.' },
      totalEstimated: { type: 'boolean', description: 'True when total is an estimate (more than about 1,000 matches), rounded to two figures.' },
      page: { type: 'integer' },
      limit: { type: 'integer' },
      pageCount: { type: 'integer' },
    },
  },
  Tag: {
    type: 'object',
    required: ['tag', 'count', 'thumbnail'],
    properties: {
      tag: { type: 'string' },
      count: { type: 'integer', description: 'Published assets carrying the tag.' },
      thumbnail: { type: 'string', description: 'The thumbnail of its most downloaded asset; empty if none.' },
    },
  },
  User: {
    type: 'object',
    required: ['id', 'email', 'full_name', 'role', 'subscription_status', 'created_at'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      email: { type: 'string', format: 'email' },
      full_name: { type: 'string' },
      role: { type: 'string', enum: ['user', 'admin'] },
      subscription_status: { type: 'string', enum: ['free', 'pro'] },
      downloads_today: { type: 'integer', description: 'Downloads counted against today’s quota (UTC).' },
      subscription_renews_at: nullable('string', { format: 'date-time' }),
      subscription_ends_at: nullable('string', { format: 'date-time' }),
      created_at: { type: 'string', format: 'date-time' },
    },
  },
  DownloadHistoryItem: {
    type: 'object',
    required: ['id', 'asset_id', 'title', 'image', 'preview_urls', 'downloaded_at', 'removed'],
    properties: {
      id: { type: 'integer', description: 'The download’s id.' },
      asset_id: nullable('integer', { description: 'Null once the asset has been removed from the library.' }),
      title: { type: 'string', description: 'The title, kept after the asset is removed.' },
      image: { type: 'string', description: 'The asset’s thumbnail as PNG; empty once removed.' },
      preview_urls: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
      downloaded_at: { type: 'string', format: 'date-time' },
      removed: { type: 'boolean', description: 'The asset has been removed from the library since.' },
    },
  },
  BillingItem: {
    type: 'object',
    required: ['description', 'date', 'amount', 'currency'],
    properties: {
      description: { type: 'string' },
      date: { type: 'string', format: 'date-time', description: 'When it was paid.' },
      amount: { type: 'number', description: 'In the currency’s main unit: 9 for $9.00.' },
      currency: { type: 'string', description: 'Lower-case ISO code, such as usd.' },
    },
  },
  BlogPost: {
    type: 'object',
    required: ['id', 'slug', 'title', 'excerpt', 'image', 'date', 'readTime', 'category', 'content', 'author'],
    properties: {
      id: { type: 'integer' },
      slug: { type: 'string' },
      title: { type: 'string' },
      excerpt: { type: 'string' },
      image: { type: 'string', description: 'Cover image URL.' },
      date: { type: 'string', description: 'Free text, as shown on the post.' },
      readTime: { type: 'string', description: 'Free text, such as “3 min read”.' },
      category: { type: 'string' },
      content: { type: 'string', description: 'Sanitised HTML.' },
      author: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    },
  },
} satisfies Record<string, JsonSchema>

export type SchemaName = keyof typeof API_SCHEMAS

export interface ApiParameter {
  name: string
  in: 'query' | 'path'
  required?: boolean
  description: string
  schema: JsonSchema
}

export interface ApiResponse {
  status: number
  description: string
  schema: JsonSchema
  example: unknown
}

export interface ApiCall {
  operationId: string
  method: 'GET' | 'POST' | 'DELETE'
  /** OpenAPI style: /api/blogs/{slug}. */
  path: string
  group: ApiGroup
  summary: string
  description: string
  /** Needs `Authorization: Bearer <token>`. */
  bearer: boolean
  parameters: ApiParameter[]
  /** `optional`: the call works without a body (download options). */
  body?: { schema: JsonSchema; example: unknown; optional?: boolean }
  responses: ApiResponse[]
  /** Cache-Control of the 200 answer, where it may be cached. */
  cache?: string
}

export const API_GROUPS = ['Assets', 'Authentication', 'Downloads', 'Favorites', 'Billing', 'Blog'] as const
export type ApiGroup = (typeof API_GROUPS)[number]

const EXAMPLE_IMAGE_DIR = '/images/7f3c2a9e-4b1d-4e8a-9c55-2d0f6b8e1a47'

export const EXAMPLE_ASSET = {
  id: 42,
  title: 'Glossy Robot Head',
  description: 'A friendly robot head with a glossy finish, rendered on a transparent background.',
  tags: ['robot', 'head', 'glossy'],
  category: 'Robots',
  asset_type: '3d',
  download_count: 128,
  is_active: true,
  created_at: '2025-05-02T09:30:00.000Z',
  image: `${EXAMPLE_IMAGE_DIR}/preview.png`,
  thumbnail: `${EXAMPLE_IMAGE_DIR}/thumb.png`,
  preview_urls: {
    thumb: `${EXAMPLE_IMAGE_DIR}/thumb.png`,
    thumb_webp: `${EXAMPLE_IMAGE_DIR}/thumb.webp`,
    preview: `${EXAMPLE_IMAGE_DIR}/preview.png`,
    preview_webp: `${EXAMPLE_IMAGE_DIR}/preview.webp`,
  },
  width: 1024,
  height: 1024,
  dominant_colour: '#7c8cf0',
  palette: [
    { hex: '#7c8cf0', weight: 0.62 },
    { hex: '#e8ecf7', weight: 0.25 },
    { hex: '#2b2f45', weight: 0.13 },
  ],
  file_format: 'PNG',
  audio: null,
}

const EXAMPLE_POST = {
  id: 3,
  slug: 'what-royalty-free-means-for-your-projects',
  title: 'What Royalty-Free Means for Your Projects',
  excerpt: 'A plain-English walkthrough of the licence.',
  image: '/blog/what-royalty-free-means-for-your-projects.svg',
  date: 'August 18, 2026',
  readTime: '3 min read',
  category: 'Licensing',
  content: '<p>“Royalty-free” is one of those terms…</p>',
  author: { name: 'The Artist' },
}

const error = (status: number, description: string, message: string): ApiResponse => ({ status, description, schema: ref('Error'), example: { error: message } })
const UNAUTHORIZED = error(401, 'No token, or the token has expired or been revoked.', 'Authentication required')
const ASSET_ID: ApiParameter = { name: 'id', in: 'path', required: true, description: 'The asset’s id.', schema: { type: 'integer', minimum: 1 } }
const MESSAGE: JsonSchema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } }
const FAVOURITE_STATE: JsonSchema = {
  type: 'object',
  required: ['ok', 'asset_id', 'isFavourite'],
  properties: { ok: { type: 'boolean' }, asset_id: { type: 'integer' }, isFavourite: { type: 'boolean' } },
}

export const API_CALLS: ApiCall[] = [
  {
    operationId: 'listAssets',
    method: 'GET',
    path: '/api/assets',
    group: 'Assets',
    summary: 'Search and list published assets',
    description:
      'The same search as the Explore page: full-text over titles, tags, categories and descriptions, where every word must match and the last may be a prefix; unknown words are corrected to the nearest term of the catalogue when nothing matches. Filters combine.',
    bearer: false,
    parameters: [
      { name: 'search', in: 'query', description: 'Words to search for (at most 200 characters). `q` is accepted as a synonym.', schema: { type: 'string', maxLength: 200 } },
      { name: 'sort', in: 'query', description: '`relevance` by default when searching, otherwise `newest`; `relevance` without a search lists the newest first.', schema: { type: 'string', enum: [...SORTS] } },
      { name: 'asset_type', in: 'query', description: 'Only assets of this type.', schema: { type: 'string', enum: [...ASSET_TYPES] } },
      { name: 'category', in: 'query', description: 'Only this category (case-insensitive), as listed on /categories.', schema: { type: 'string', maxLength: 100 } },
      {
        name: 'tags',
        in: 'query',
        description: 'Comma-separated tags (or the parameter repeated); an asset must carry every one. Case does not matter.',
        schema: { type: 'string', maxLength: 500 },
      },
      {
        name: 'color',
        in: 'query',
        description: `Assets with a dominant colour near this one (OKLab distance under ${NEAR_DISTANCE}, covering at least ${MIN_COLOUR_WEIGHT * 100}% of the visible pixels): a swatch (${COLOUR_SWATCHES.map((s) => s.name).join(', ')}) or #rrggbb (URL-encode the #). With a search and relevance order, the closest come first within each relevance tier.`,
        schema: { type: 'string' },
      },
      { name: 'orientation', in: 'query', description: 'From the stored size: square when width and height are within 5% of each other.', schema: { type: 'string', enum: [...ORIENTATIONS] } },
      { name: 'transparent', in: 'query', description: '`true`: only assets with a transparent background.', schema: { type: 'string', enum: ['true', 'false', '1', '0'] } },
      { name: 'page', in: 'query', description: 'Page number, from 1. Pages stop at the 10,000th match.', schema: { type: 'integer', minimum: 1, default: 1 } },
      {
        name: 'limit',
        in: 'query',
        description: `Assets per page, at most ${API_MAX_LIMIT}; a larger value is refused with 400.`,
        schema: { type: 'integer', minimum: 1, maximum: API_MAX_LIMIT, default: API_DEFAULT_LIMIT },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'One page of matching assets.',
        schema: ref('AssetPage'),
        example: { assets: [EXAMPLE_ASSET], total: 87, totalCapped: false, totalEstimated: false, page: 1, limit: 20, pageCount: 5 },
      },
      error(400, 'A parameter has a value it cannot take.', `sort must be one of ${SORTS.join(', ')}`),
    ],
    cache: 'public, max-age=30',
  },
  {
    operationId: 'listTags',
    method: 'GET',
    path: '/api/assets/tags',
    group: 'Assets',
    summary: 'The most used tags',
    description: 'Up to 100 tags of published assets, the most used first, each with its number of assets and a thumbnail.',
    bearer: false,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'Tags by count, descending.',
        schema: { type: 'object', required: ['tags'], properties: { tags: { type: 'array', items: ref('Tag') } } },
        example: { tags: [{ tag: 'robot', count: 64, thumbnail: `${EXAMPLE_IMAGE_DIR}/thumb.png` }] },
      },
    ],
    cache: 'public, max-age=60',
  },
  {
    operationId: 'login',
    method: 'POST',
    path: '/api/auth/login',
    group: 'Authentication',
    summary: 'Sign in and get a token',
    description: `Exchanges an email and password for a bearer token. The token stays valid until it has gone unused for ${SESSION_DAYS} days; \`expiresAt\` is its current expiry, which moves on as you use it. Accounts that only use Google sign-in have no password and cannot use this call. Attempts are rate-limited per IP address and per email.`,
    bearer: false,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['email', 'password'],
        properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' } },
      },
      example: { email: 'you@example.com', password: 'your password' },
    },
    responses: [
      {
        status: 200,
        description: 'Signed in.',
        schema: {
          type: 'object',
          required: ['token', 'expiresAt'],
          properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
        },
        example: { token: 'q3Vx0b9Jm2…', expiresAt: '2025-06-21T09:00:00.000Z' },
      },
      error(400, 'The body is not valid JSON, or a field is missing or invalid.', 'Enter a valid email address.'),
      error(401, 'The email or password is wrong.', 'Invalid email or password.'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      error(429, 'Too many attempts; the Retry-After header says how many seconds to wait.', 'Too many attempts. Please try again in 12 minutes.'),
    ],
  },
  {
    operationId: 'currentUser',
    method: 'GET',
    path: '/api/auth/me',
    group: 'Authentication',
    summary: 'The signed-in user',
    description: 'The account the token belongs to: name, email, plan, and the dates of its Pro subscription.',
    bearer: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'The current user.',
        schema: { type: 'object', required: ['user'], properties: { user: ref('User') } },
        example: {
          user: {
            id: '0b6f4a5e-2c1d-4f7a-8e3b-9d2c1a0f5e6b',
            email: 'you@example.com',
            full_name: 'Alex Doe',
            role: 'user',
            subscription_status: 'free',
            downloads_today: 2,
            subscription_renews_at: null,
            subscription_ends_at: null,
            created_at: '2025-04-11T08:15:00.000Z',
          },
        },
      },
      UNAUTHORIZED,
    ],
  },
  {
    operationId: 'register',
    method: 'POST',
    path: '/api/auth/register',
    group: 'Authentication',
    summary: 'Create an account',
    description: 'Creates a Free account. Sign in with POST /api/auth/login afterwards to get a token. Attempts are rate-limited per IP address and per email.',
    bearer: false,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['email', 'password', 'full_name'],
        properties: { email: { type: 'string', format: 'email', maxLength: 254 }, password: { type: 'string', minLength: 8, maxLength: 200 }, full_name: { type: 'string', minLength: 1, maxLength: 120 } },
      },
      example: { email: 'you@example.com', password: 'a long password', full_name: 'Alex Doe' },
    },
    responses: [
      { status: 201, description: 'Created.', schema: { type: 'object', required: ['user'], properties: { user: ref('User') } }, example: { user: { id: '0b6f4a5e-2c1d-4f7a-8e3b-9d2c1a0f5e6b', email: 'you@example.com', full_name: 'Alex Doe', role: 'user', subscription_status: 'free', subscription_renews_at: null, subscription_ends_at: null, created_at: '2025-04-11T08:15:00.000Z' } } },
      error(400, 'The body is not valid JSON, or a field is missing or invalid.', 'Enter a valid email address.'),
      error(409, 'An account with this email exists.', 'An account with this email already exists.'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      error(429, 'Too many attempts; the Retry-After header says how many seconds to wait.', 'Too many attempts. Please try again in 12 minutes.'),
    ],
  },
  {
    operationId: 'logout',
    method: 'POST',
    path: '/api/auth/logout',
    group: 'Authentication',
    summary: 'Sign out',
    description: 'Ends the session of the bearer token (or of the session cookie). Without either it changes nothing and still succeeds.',
    bearer: false,
    parameters: [],
    responses: [{ status: 200, description: 'Signed out.', schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', const: true } } }, example: { ok: true } }],
  },
  {
    operationId: 'forgotPassword',
    method: 'POST',
    path: '/api/auth/forgot-password',
    group: 'Authentication',
    summary: 'Ask for a password reset email',
    description: 'Sends a link to reset the password, valid for one hour. The answer is the same whether or not the email has an account.',
    bearer: false,
    parameters: [],
    body: { schema: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } }, example: { email: 'you@example.com' } },
    responses: [
      { status: 200, description: 'Sent, if the account exists.', schema: MESSAGE, example: { message: 'Password reset email sent. Please check your inbox.' } },
      error(400, 'The body is not valid JSON, or the email is missing or invalid.', 'Enter a valid email address.'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      error(429, 'Too many attempts; the Retry-After header says how many seconds to wait.', 'Too many attempts. Please try again in 12 minutes.'),
      error(502, 'The email could not be sent.', 'Failed to send password reset email.'),
    ],
  },
  {
    operationId: 'resetPassword',
    method: 'POST',
    path: '/api/auth/reset-password',
    group: 'Authentication',
    summary: 'Set a new password',
    description: 'Sets a new password with the token from the reset email. The token works once; every session of the account ends.',
    bearer: false,
    parameters: [],
    body: {
      schema: { type: 'object', required: ['token', 'password'], properties: { token: { type: 'string', minLength: 1, maxLength: 200 }, password: { type: 'string', minLength: 8, maxLength: 200 } } },
      example: { token: 'the token from the email', password: 'a new long password' },
    },
    responses: [
      { status: 200, description: 'The password was changed.', schema: MESSAGE, example: { message: 'Password has been reset successfully. You can now log in.' } },
      error(400, 'The token is unknown, used or expired, or the password is too short.', 'This reset link is invalid or has expired.'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      error(429, 'Too many attempts; the Retry-After header says how many seconds to wait.', 'Too many attempts. Please try again in 12 minutes.'),
    ],
  },
  {
    operationId: 'downloadAsset',
    method: 'POST',
    path: '/api/assets/download/{id}',
    group: 'Downloads',
    summary: 'Download an asset',
    description: `Grants a download and answers with a URL that works for five minutes; a GET of that URL returns the file as an attachment named \`filename\` ({title}.png). On the Free plan each asset counts once per UTC day against the quota of ${FREE_DAILY_DOWNLOADS}; downloading it again the same day, in any size or format, is free. Pro has no daily limit. For 3D and image assets an optional body picks a variant (named {title}-{size}.{ext}): \`size\` (original, 2048, 1024 or 512 px on the long side, never upscaled), \`format\` (png, webp, avif; jpeg for image assets), and for 3D renders \`background\` (transparent, white, black or #rrggbb) and \`padding\` (0-25, percent of the long side on every side). Audio is always the original file.`,
    bearer: true,
    parameters: [ASSET_ID],
    body: {
      schema: {
        type: 'object',
        properties: {
          size: { type: 'string', enum: ['original', '2048', '1024', '512'], description: 'Long side in pixels; smaller originals are not enlarged. Default original.' },
          format: { type: 'string', enum: ['png', 'webp', 'avif', 'jpeg'], description: 'Default png; jpeg for image assets only.' },
          background: { type: 'string', description: '3D renders only: transparent (default), white, black or #rrggbb.' },
          padding: { type: 'integer', minimum: 0, maximum: 25, description: '3D renders only: percent of the long side added on every side. Default 0.' },
        },
      },
      example: { size: '1024', format: 'webp', background: '#ffffff', padding: 10 },
      optional: true,
    },
    responses: [
      {
        status: 200,
        description: 'Granted.',
        schema: { type: 'object', required: ['downloadUrl', 'filename'], properties: { downloadUrl: { type: 'string' }, filename: { type: 'string' } } },
        example: { downloadUrl: '/downloads/eyJhIjo0Mn0.c2lnbmF0dXJl', filename: 'Glossy Robot Head.png' },
      },
      error(400, 'The id is not a positive whole number, or a download option is not valid for this asset.', 'size must be one of original, 2048, 1024, 512'),
      UNAUTHORIZED,
      error(403, `The Free plan’s ${FREE_DAILY_DOWNLOADS} downloads for today are used up.`, 'Download quota exceeded'),
      error(404, 'No published asset has this id (an id is a whole number written in decimal, without leading zeros).', 'Asset not found'),
    ],
  },
  {
    operationId: 'downloadHistory',
    method: 'GET',
    path: '/api/assets/downloads/history',
    group: 'Downloads',
    summary: 'Your download history',
    description: 'Your last 50 downloads, the most recent first.',
    bearer: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'Download history.',
        schema: { type: 'object', required: ['history'], properties: { history: { type: 'array', items: ref('DownloadHistoryItem') } } },
        example: {
          history: [{ id: 311, asset_id: 42, title: EXAMPLE_ASSET.title, image: EXAMPLE_ASSET.thumbnail, preview_urls: EXAMPLE_ASSET.preview_urls, downloaded_at: '2025-05-20T14:02:11.000Z' }],
        },
      },
      UNAUTHORIZED,
    ],
  },
  {
    operationId: 'listFavourites',
    method: 'GET',
    path: '/api/users/favorites',
    group: 'Favorites',
    summary: 'Your favourites',
    description: 'The assets you saved, the most recently saved first, 100 per page, with how many there are in all.',
    bearer: true,
    parameters: [{ name: 'page', in: 'query', description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } }],
    responses: [
      {
        status: 200,
        description: 'Favourite assets.',
        schema: {
          type: 'object',
          required: ['favorites', 'total'],
          properties: { favorites: { type: 'array', items: ref('Asset') }, total: { type: 'integer' } },
        },
        example: { favorites: [EXAMPLE_ASSET], total: 1 },
      },
      UNAUTHORIZED,
    ],
  },
  {
    operationId: 'addFavourite',
    method: 'POST',
    path: '/api/users/favorites',
    group: 'Favorites',
    summary: 'Add a favourite',
    description: 'Saves an asset to your favourites. Adding one that is already a favourite changes nothing.',
    bearer: true,
    parameters: [],
    body: {
      schema: { type: 'object', required: ['asset_id'], properties: { asset_id: { type: 'integer', minimum: 1 } } },
      example: { asset_id: 42 },
    },
    responses: [
      { status: 201, description: 'Saved.', schema: FAVOURITE_STATE, example: { ok: true, asset_id: 42, isFavourite: true } },
      error(400, 'asset_id is missing or not a positive whole number.', 'asset_id must be a number.'),
      UNAUTHORIZED,
      error(404, 'No published asset has this id.', 'Asset not found'),
    ],
  },
  {
    operationId: 'removeFavourite',
    method: 'DELETE',
    path: '/api/users/favorites/{id}',
    group: 'Favorites',
    summary: 'Remove a favourite',
    description: 'Removes an asset from your favourites.',
    bearer: true,
    parameters: [ASSET_ID],
    responses: [
      { status: 200, description: 'Removed.', schema: FAVOURITE_STATE, example: { ok: true, asset_id: 42, isFavourite: false } },
      UNAUTHORIZED,
      error(404, 'The asset is not among your favourites (or the id is not a whole number).', 'Not in your favorites'),
    ],
  },
  {
    operationId: 'billingHistory',
    method: 'GET',
    path: '/api/auth/billing/history',
    group: 'Billing',
    summary: 'Your billing history',
    description: 'Payments for Pro, the most recent first. Card details are held by Stripe and never returned.',
    bearer: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'Billing history.',
        schema: { type: 'object', required: ['history'], properties: { history: { type: 'array', items: ref('BillingItem') } } },
        example: { history: [{ description: 'Pro plan (monthly)', date: '2025-05-01T10:00:00.000Z', amount: 9, currency: 'usd' }] },
      },
      UNAUTHORIZED,
    ],
  },
  {
    operationId: 'listBlogPosts',
    method: 'GET',
    path: '/api/blogs',
    group: 'Blog',
    summary: 'Blog posts',
    description: 'Published posts, the newest first.',
    bearer: false,
    parameters: [],
    responses: [{ status: 200, description: 'An array of posts.', schema: { type: 'array', items: ref('BlogPost') }, example: [EXAMPLE_POST] }],
    cache: 'public, max-age=60',
  },
  {
    operationId: 'getBlogPost',
    method: 'GET',
    path: '/api/blogs/{slug}',
    group: 'Blog',
    summary: 'One blog post',
    description: 'A post with its HTML content.',
    bearer: false,
    parameters: [{ name: 'slug', in: 'path', required: true, description: 'The post’s slug, as in /blog/{slug}.', schema: { type: 'string' } }],
    responses: [
      { status: 200, description: 'The post.', schema: ref('BlogPost'), example: EXAMPLE_POST },
      error(404, 'No published post has this slug.', 'Post not found.'),
    ],
    cache: 'public, max-age=60',
  },
]

/** The status codes the API answers with, for the overview. */
export const API_STATUS_CODES: { status: number; meaning: string }[] = [
  { status: 200, meaning: 'Success.' },
  { status: 201, meaning: 'Created: an account or a favourite was added.' },
  { status: 400, meaning: 'Bad input: a parameter or body field is missing or invalid. The message says which.' },
  { status: 401, meaning: 'The call needs a bearer token and none was sent, or it is no longer valid.' },
  { status: 403, meaning: 'Signed in but not allowed, for example the daily download quota is used up.' },
  { status: 404, meaning: 'The asset, post or path does not exist.' },
  { status: 405, meaning: 'The path exists but not with this method.' },
  { status: 409, meaning: 'An account with this email already exists.' },
  { status: 413, meaning: 'The request body is too large.' },
  { status: 415, meaning: 'A request body that is not JSON; send Content-Type: application/json.' },
  { status: 429, meaning: 'Too many attempts in a short time; wait before trying again.' },
  { status: 500, meaning: 'Something failed on our side; try again later.' },
]
