// The JSON API as data: the /api page renders it for people and /api/openapi.json turns it
// into an OpenAPI 3.1 document, so the two can never disagree. Every call of app/routes/api is
// here (tests/integration/openapi.test.ts walks the route table): the public ones, the admin
// ones (group 'Admin', marked admin-only) and the ones other services call ('Integrations').
// Shapes follow the routes (app/routes/api/*), AssetView (app/lib/asset-view.ts), publicUser
// (app/web/session.server.ts) and the admin domain (app/domain/admin/admin.server.ts).
import { COLOUR_SWATCHES, MIN_COLOUR_WEIGHT, NEAR_DISTANCE, ORIENTATIONS } from './colour'
import { ADMIN_ASSETS_PAGE_SIZE, ADMIN_STATUSES, BULK_ACTIONS, MAX_BULK_IDS, MAX_TAGS } from './admin-assets'
import { BLOG_CONTENT_MAX } from './blog-schema'
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  COLLECTION_PAGE_SIZE,
  MAX_ASSETS_PER_COLLECTION,
  MAX_COLLECTIONS_PER_USER,
  ZIP_FORMATS,
  zipQuotaShortfall,
} from './collection-limits'
import {
  ASSET_TYPES,
  AUDIO_UPLOAD_LIMIT_BYTES,
  FREE_DAILY_DOWNLOADS,
  SESSION_DAYS,
  SORTS,
  UPLOAD_LIMIT_BYTES,
} from './constants'
import { fileTooLargeMessage } from './upload-limits'
import { TAG_MATCHES } from './explore-params'
import { MP3_BITRATE_KBPS } from './download-options'
import { EARLY_ACCESS_DAYS, EARLY_ACCESS_LIST_LIMIT } from './early-access'

export type JsonSchema = { [key: string]: unknown }

/** GET /api/assets never returns more than this many assets per page (search.server MAX_PAGE_SIZE). */
export const API_MAX_LIMIT = 100
export const API_DEFAULT_LIMIT = 20

const ref = (name: keyof typeof API_SCHEMAS): JsonSchema => ({ $ref: `#/components/schemas/${name}` })
const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...extra })

const ASSET_REQUIRED = [
  'id',
  'title',
  'description',
  'tags',
  'category',
  'asset_type',
  'download_count',
  'is_active',
  'created_at',
  'image',
  'thumbnail',
  'preview_urls',
  'palette',
]

/** The fields of an asset, published or not (AssetView, app/lib/asset-view.ts). */
const ASSET_PROPERTIES = {
  id: { type: 'integer' },
  title: { type: 'string' },
  description: { type: 'string' },
  tags: { type: 'array', items: { type: 'string' }, description: 'Lower-case, in the artist’s order.' },
  category: { type: 'string' },
  asset_type: { type: 'string', enum: [...ASSET_TYPES] },
  download_count: { type: 'integer' },
  is_active: { type: 'boolean' },
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
    description:
      'The dominant colours, biggest share first (up to 5); empty until computed. The colour filter (`color=`) matches against these.',
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
  thumbnail_uploaded: {
    type: 'boolean',
    description:
      'True when the thumbnail was uploaded with the asset (a WebP paired with its PNG), false when it is the picture scaled down (then the preview shows the same picture larger).',
  },
  audio: {
    type: ['object', 'null'],
    description: 'Audio assets only (null otherwise). The thumbnail and preview images show the waveform.',
    required: ['duration_ms', 'sample_rate', 'channels', 'waveform', 'preview_url'],
    properties: {
      duration_ms: { type: 'integer', description: 'Length of the original, in milliseconds.' },
      sample_rate: nullable('integer', { description: 'Of the original, in Hz.' }),
      channels: nullable('integer', { description: '1 mono, 2 stereo.' }),
      waveform: {
        type: 'array',
        items: { type: 'number', minimum: 0, maximum: 1 },
        description: 'Peak level of 120 equal slices, scaled to the loudest.',
      },
      preview_url: { type: 'string', description: 'A compressed MP3 listening preview (96 kbit/s), public.' },
    },
  },
} satisfies Record<string, JsonSchema>

/** A user as the sign-in calls and the admin's user list show it. */
const USER_PROPERTIES = {
  id: { type: 'string', format: 'uuid' },
  email: { type: 'string', format: 'email' },
  full_name: { type: 'string' },
  role: { type: 'string', enum: ['user', 'admin'] },
  subscription_status: { type: 'string', enum: ['free', 'pro'] },
  downloads_today: { type: 'integer', description: 'Downloads counted against today’s quota (UTC).' },
  subscription_renews_at: nullable('string', { format: 'date-time' }),
  subscription_ends_at: nullable('string', { format: 'date-time' }),
  created_at: { type: 'string', format: 'date-time' },
} satisfies Record<string, JsonSchema>

const ADMIN_ASSET_PROPERTIES = {
  ...ASSET_PROPERTIES,
  is_active: { type: 'boolean', description: 'Published (true) or a draft (false).' },
  original_filename: { type: 'string', description: 'The name of the uploaded file.' },
  published_at: nullable('string', {
    format: 'date-time',
    description: 'When it was first published; null while it never was.',
  }),
  publish_at: nullable('string', {
    format: 'date-time',
    description: 'When this draft is scheduled to go live; null: no schedule.',
  }),
  updated_at: { type: 'string', format: 'date-time' },
  processing: {
    type: 'object',
    description:
      'The upload’s processing (previews, thumbnail, palette; for a sound the decode, the MP3 preview and the waveform), done by a background job after the upload answers. Only a `ready` asset can be published.',
    required: ['state', 'error', 'step', 'retryable'],
    properties: {
      state: { type: 'string', enum: ['processing', 'ready', 'failed'] },
      error: nullable('string', {
        description: 'Why it failed; while processing, why the last attempt failed (the next one is on its way).',
      }),
      step: nullable('string', {
        description: 'While processing: queued, decode, preview, waveform, derivatives, palette or saving.',
      }),
      retryable: {
        type: 'boolean',
        description:
          'Whether another attempt can mend a failure: false when the file itself cannot be processed (it does not decode, or its original is gone), so the admin pages offer no Retry for it.',
      },
    },
  },
} satisfies Record<string, JsonSchema>

export const API_SCHEMAS = {
  Error: {
    type: 'object',
    description:
      'Every error answer: a message that can be shown to a person and, when the request was refused for a reason code can act on, that reason.',
    required: ['error'],
    properties: {
      error: { type: 'string' },
      reason: {
        type: 'string',
        pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
        description:
          'Why, in kebab-case: e.g. rate-limited, quota-exceeded, asset-not-found, bad-credentials, email-taken, invalid-option.',
      },
    },
  },
  Asset: {
    type: 'object',
    description: 'A published asset. Image URLs are relative to the site.',
    required: ASSET_REQUIRED,
    properties: {
      ...ASSET_PROPERTIES,
      is_active: { type: 'boolean', description: 'Always true here: the API only lists published assets.' },
    },
  },
  AdminAsset: {
    type: 'object',
    description:
      'An asset as the admin calls show it: drafts too (is_active false), with the original’s file name and the publication dates.',
    required: [...ASSET_REQUIRED, 'original_filename', 'published_at', 'updated_at', 'processing'],
    properties: { ...ADMIN_ASSET_PROPERTIES },
  },
  UploadedAsset: {
    type: 'object',
    description:
      'A new asset, stored as a draft (is_active false) and being processed: its picture URLs are empty until `processing.state` is `ready`.',
    required: [...ASSET_REQUIRED, 'original_filename', 'published_at', 'updated_at', 'processing', 'original_url'],
    properties: {
      ...ADMIN_ASSET_PROPERTIES,
      original_url: {
        type: 'string',
        description: 'The full-size preview (originals stay private); empty while processing.',
      },
    },
  },
  AdminAssetPage: {
    type: 'object',
    required: ['assets', 'total', 'page', 'limit', 'pageCount'],
    properties: {
      assets: { type: 'array', items: { $ref: '#/components/schemas/AdminAsset' } },
      total: { type: 'integer', description: 'Assets matching the search and status.' },
      page: { type: 'integer' },
      limit: { type: 'integer' },
      pageCount: { type: 'integer' },
    },
  },
  AssetPage: {
    type: 'object',
    required: ['assets', 'total', 'totalCapped', 'totalEstimated', 'page', 'limit', 'pageCount', 'correctedQuery'],
    properties: {
      assets: { type: 'array', items: { $ref: '#/components/schemas/Asset' } },
      total: {
        type: 'integer',
        description: 'Matches, counted up to 10,000; an estimate when totalEstimated is true.',
      },
      totalCapped: { type: 'boolean', description: 'True when there are more than 10,000 counted matches.' },
      totalEstimated: {
        type: 'boolean',
        description: 'True when total is an estimate (more than about 1,000 matches), rounded to two figures.',
      },
      page: { type: 'integer' },
      limit: { type: 'integer' },
      pageCount: { type: 'integer' },
      correctedQuery: nullable('string', {
        description:
          "The words searched for instead, when the words as typed found nothing and a typo was corrected ('robto' → 'robot'): one slip in a word of up to five letters, two in a longer one. Null otherwise; exact=true turns correction off.",
      }),
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
    properties: USER_PROPERTIES,
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
      licenseId: nullable('string', {
        description: 'The licence the download was granted under (GET /api/licenses/{licenseId}).',
      }),
    },
  },
  License: {
    type: 'object',
    required: [
      'licenseId',
      'status',
      'asset',
      'licensee',
      'issuedAt',
      'plan',
      'termsVersion',
      'sha256',
      'variant',
      'verifyUrl',
      'certificateUrl',
    ],
    properties: {
      licenseId: { type: 'string', pattern: '^LIC-[A-Z2-7]{20}$' },
      status: { type: 'string', enum: ['valid'] },
      asset: {
        type: 'object',
        required: ['id', 'title', 'url'],
        properties: {
          id: nullable('integer', { description: 'Null once the asset has been removed from the library.' }),
          title: { type: 'string' },
          url: nullable('string', { description: 'The asset’s page while it is in the library.' }),
        },
      },
      licensee: { type: 'string', description: 'The licensee’s name, or the email masked (j***@example.com).' },
      issuedAt: { type: 'string', format: 'date-time' },
      plan: { type: 'string', enum: ['free', 'pro'], description: 'The plan when the licence was granted.' },
      termsVersion: { type: 'string', description: 'The date of the licence agreement in force (YYYY-MM-DD).' },
      sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'The SHA-256 of the file delivered.' },
      variant: { type: 'string', description: 'The file delivered: size, format, background.' },
      verifyUrl: { type: 'string', description: 'The verification page.' },
      certificateUrl: { type: 'string', description: 'The certificate as a PDF.' },
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
  ComingAsset: {
    type: 'object',
    description: 'An asset in early access: what anyone may see before it goes live.',
    required: ['id', 'title', 'thumbnail', 'publicAt'],
    properties: {
      id: { type: 'integer' },
      title: { type: 'string' },
      thumbnail: { type: 'string', description: 'Thumbnail URL.' },
      publicAt: { type: 'string', format: 'date-time', description: 'When it goes live for everyone.' },
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
  AdminBlogPost: {
    type: 'object',
    description: 'A post as the edit form loads it: the seven fields, with its id and slug.',
    required: ['id', 'slug', 'title', 'excerpt', 'image', 'date', 'readTime', 'category', 'content'],
    properties: {
      id: { type: 'integer' },
      slug: { type: 'string' },
      title: { type: 'string' },
      excerpt: { type: 'string' },
      image: { type: 'string' },
      date: { type: 'string' },
      readTime: { type: 'string' },
      category: { type: 'string' },
      content: { type: 'string', description: 'Sanitised HTML.' },
    },
  },
  AdminUser: {
    type: 'object',
    required: [
      'id',
      'email',
      'full_name',
      'role',
      'subscription_status',
      'downloads_today',
      'subscription_renews_at',
      'subscription_ends_at',
      'created_at',
    ],
    properties: USER_PROPERTIES,
  },
  AdminUserPage: {
    type: 'object',
    required: ['users', 'counts', 'total', 'page', 'limit', 'pageCount'],
    properties: {
      users: { type: 'array', items: { $ref: '#/components/schemas/AdminUser' } },
      counts: {
        type: 'object',
        description: 'Every account, whatever the search.',
        required: ['total', 'free', 'pro'],
        properties: { total: { type: 'integer' }, free: { type: 'integer' }, pro: { type: 'integer' } },
      },
      total: { type: 'integer', description: 'Accounts matching the search.' },
      page: { type: 'integer' },
      limit: { type: 'integer' },
      pageCount: { type: 'integer' },
    },
  },
  AdminAnalytics: {
    type: 'object',
    required: [
      'users',
      'assets',
      'downloads',
      'revenue',
      'published',
      'totalDownloads',
      'proSubscribers',
      'days',
      'daily',
      'byCategory',
      'byType',
      'topAssets',
      'subscriptions',
    ],
    properties: {
      users: { type: 'integer', description: 'Every account.' },
      assets: { type: 'integer', description: 'Every asset, drafts included.' },
      downloads: { type: 'integer', description: 'Downloads today (UTC).' },
      revenue: { type: 'number', description: 'Every payment ever received, in dollars.' },
      published: { type: 'integer', description: 'Published assets (the figure /about shows).' },
      totalDownloads: {
        type: 'integer',
        description: 'Every dated download of all time; the days add up to it (/about shows it too).',
      },
      proSubscribers: { type: 'integer', description: 'Accounts on the Pro plan now.' },
      days: { type: 'integer', enum: [30, 90], description: 'The window of `daily`, `byCategory` and `byType`.' },
      daily: {
        type: 'array',
        description: 'Each UTC day of the window, the oldest first.',
        items: {
          type: 'object',
          required: [
            'day',
            'page_views',
            'dialog_views',
            'preview_plays',
            'favourites',
            'downloads',
            'licences',
            'signups',
          ],
          properties: {
            day: { type: 'string', format: 'date' },
            page_views: { type: 'integer', description: 'Views of asset pages.' },
            dialog_views: { type: 'integer', description: 'Views of the preview dialog.' },
            preview_plays: { type: 'integer', description: 'Audio previews played.' },
            favourites: { type: 'integer', description: 'Favourites added (still kept).' },
            downloads: { type: 'integer', description: 'Downloads: one per person, asset and day.' },
            licences: { type: 'integer', description: 'Licences granted.' },
            signups: { type: 'integer' },
          },
        },
      },
      byCategory: {
        type: 'array',
        description: 'The window per category.',
        items: { $ref: '#/components/schemas/GroupFigures' },
      },
      byType: {
        type: 'array',
        description: 'The window per type: 3d, image, audio.',
        items: { $ref: '#/components/schemas/GroupFigures' },
      },
      topAssets: {
        type: 'array',
        description: 'The 10 most downloaded assets of all time (dated downloads), drafts included.',
        items: {
          type: 'object',
          required: ['id', 'title', 'downloads', 'thumbnail', 'is_active'],
          properties: {
            id: { type: 'integer' },
            title: { type: 'string' },
            downloads: { type: 'integer' },
            thumbnail: { type: 'string' },
            is_active: { type: 'boolean' },
          },
        },
      },
      subscriptions: {
        type: 'array',
        description:
          'Pro subscriptions in each of the last 12 UTC months, this one last, from the Stripe events received.',
        items: {
          type: 'object',
          required: ['month', 'new', 'cancelled', 'active', 'mrr_cents'],
          properties: {
            month: { type: 'string', example: '2025-05' },
            new: { type: 'integer', description: 'Subscriptions started in the month.' },
            cancelled: { type: 'integer', description: 'Subscriptions ended in the month.' },
            active: { type: 'integer', description: "Running at the month's end (this month: now)." },
            mrr_cents: { type: 'integer', description: 'Monthly recurring revenue of those, in cents.' },
          },
        },
      },
    },
  },
  GroupFigures: {
    type: 'object',
    required: ['group', 'assets', 'page_views', 'dialog_views', 'preview_plays', 'favourites', 'downloads', 'licences'],
    properties: {
      group: { type: 'string', description: "The category or type ('(none)' for no category)." },
      assets: { type: 'integer', description: 'Published assets in it now.' },
      page_views: { type: 'integer', description: 'Views of asset pages.' },
      dialog_views: { type: 'integer', description: 'Views of the preview dialog.' },
      preview_plays: { type: 'integer', description: 'Audio previews played.' },
      favourites: { type: 'integer', description: 'Favourites added (still kept).' },
      downloads: { type: 'integer', description: 'Downloads: one per person, asset and day.' },
      licences: { type: 'integer', description: 'Licences granted.' },
    },
  },
  Collection: {
    type: 'object',
    description:
      'A collection or one of the artist’s kits. Private collections are seen by their owner alone; kits are always public.',
    required: [
      'id',
      'name',
      'description',
      'isPublic',
      'isKit',
      'owner',
      'assetCount',
      'images',
      'cover',
      'createdAt',
      'updatedAt',
      'canEdit',
    ],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string', maxLength: COLLECTION_NAME_MAX },
      description: { type: 'string', maxLength: COLLECTION_DESCRIPTION_MAX },
      isPublic: { type: 'boolean' },
      isKit: { type: 'boolean', description: 'One of the artist’s kits (kept by the admin).' },
      owner: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', description: 'The owner’s display name; never an email.' } },
      },
      assetCount: { type: 'integer', description: 'Published assets in it.' },
      images: { type: 'array', items: { type: 'string' }, maxItems: 4, description: 'Its first thumbnails.' },
      cover: { type: 'string', description: 'The cover’s thumbnail (a kit’s chosen one, else the first asset’s).' },
      coverPreview: { type: 'string' },
      coverAssetId: nullable('integer'),
      kitOrder: { type: 'integer' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      canEdit: { type: 'boolean', description: 'Whether the caller may change it.' },
    },
  },
  CollectionWithAssets: {
    description: 'A collection with one page of its published assets, in its order.',
    allOf: [
      { $ref: '#/components/schemas/Collection' },
      {
        type: 'object',
        required: ['assets', 'page', 'pageSize', 'pages', 'total'],
        properties: {
          assets: { type: 'array', items: { $ref: '#/components/schemas/Asset' } },
          page: { type: 'integer' },
          pageSize: { type: 'integer', const: COLLECTION_PAGE_SIZE },
          pages: { type: 'integer' },
          total: { type: 'integer' },
        },
      },
    ],
  },
  SystemStatus: {
    type: 'object',
    required: ['serverHealth', 'database', 'storage', 'apiResponseTime', 'errorRate', 'details', 'jobs'],
    properties: {
      jobs: {
        type: 'object',
        description: 'The background jobs: queued, retrying, running and failed (failed ones are kept a week).',
        required: ['available', 'counts', 'jobs'],
        properties: {
          available: { type: 'boolean', description: 'False when the queue could not be read.' },
          counts: {
            type: 'object',
            required: ['queued', 'running', 'failed'],
            properties: {
              queued: { type: 'integer', description: 'Waiting, or waiting to be tried again.' },
              running: { type: 'integer' },
              failed: { type: 'integer' },
            },
          },
          jobs: {
            type: 'array',
            description: 'The newest first, at most 50.',
            items: {
              type: 'object',
              required: ['id', 'name', 'state', 'ageSeconds', 'age', 'createdAt', 'attempts', 'error', 'subject'],
              properties: {
                id: { type: 'string' },
                name: { type: 'string', description: 'Such as `process-upload`.' },
                state: { type: 'string', enum: ['queued', 'retrying', 'running', 'failed'] },
                ageSeconds: { type: 'integer', description: 'Since it was sent.' },
                age: { type: 'string', description: 'The same in words, such as `3 min`.' },
                createdAt: { type: 'string', format: 'date-time' },
                attempts: { type: 'integer' },
                error: nullable('string', { description: 'The last failed attempt’s message.' }),
                subject: nullable('string', { description: 'What it works on, such as `asset 42`.' }),
              },
            },
          },
        },
      },
      serverHealth: { type: 'string', description: '`OK` when every other check passes, else `Degraded`.' },
      database: { type: 'string', description: '`OK` or `Unavailable`.' },
      storage: { type: 'string', description: '`OK`, `Not writable` or `Low space: … free`.' },
      apiResponseTime: {
        type: 'string',
        description: 'p95 over the recent requests, such as `42 ms`, or `No requests yet`.',
      },
      errorRate: {
        type: 'string',
        description: 'Share of 5xx answers over the recent requests, such as `0.4%`, or `No requests yet`.',
      },
      details: {
        type: 'object',
        description: 'The measurements behind the texts.',
        required: [
          'databaseMs',
          'storageWritable',
          'storageFreeBytes',
          'p95Ms',
          'errorRatePercent',
          'requestCount',
          'p95ThresholdMs',
          'errorRateThresholdPercent',
          'apiResponseTimeOk',
          'errorRateOk',
          'uptimeSeconds',
          'serverProcess',
          'checkedAt',
        ],
        properties: {
          databaseMs: nullable('number'),
          storageWritable: { type: 'boolean' },
          storageFreeBytes: nullable('number'),
          p95Ms: nullable('number'),
          errorRatePercent: nullable('number'),
          requestCount: { type: 'integer' },
          p95ThresholdMs: { type: 'number' },
          errorRateThresholdPercent: { type: 'number' },
          apiResponseTimeOk: nullable('boolean', {
            description: 'Null when there are no recent requests to judge by.',
          }),
          errorRateOk: nullable('boolean'),
          uptimeSeconds: { type: 'integer' },
          serverProcess: {
            type: ['object', 'null'],
            description:
              'With several server processes (SERVER_PROCESSES), the one that measured: p95Ms, errorRatePercent and requestCount are of the requests it answered. Null with one.',
            required: ['number', 'of'],
            properties: { number: { type: 'integer' }, of: { type: 'integer' } },
          },
          checkedAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} satisfies Record<string, JsonSchema>

export interface ApiParameter {
  name: string
  in: 'query' | 'path' | 'header'
  required?: boolean
  description: string
  schema: JsonSchema
}

export interface ApiResponse {
  status: number
  description: string
  /** The JSON body's schema; absent for an answer without a body (a redirect). */
  schema?: JsonSchema
  example: unknown
  /** Headers worth knowing of this answer: Location, Retry-After. */
  headers?: Record<string, { description: string; schema: JsonSchema }>
  /** A body that is not JSON (a ZIP): its media type; `schema` then describes the bytes. */
  mediaType?: string
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface ApiCall {
  operationId: string
  method: ApiMethod
  /** OpenAPI style: /api/blogs/{slug}. */
  path: string
  group: ApiGroup
  summary: string
  description: string
  /** Acts for an account: needs `Authorization: Bearer <token>` (or the session cookie). */
  bearer: boolean
  /** Public, and more with a token or the cookie (a private collection to its owner). */
  optionalAuth?: boolean
  /** Only for an admin account: 401 without a token, 403 with another account's. */
  admin?: boolean
  parameters: ApiParameter[]
  /**
   * `optional`: the call works without a body (download options, publish). `type`: JSON (the
   * default; a form is read too), multipart/form-data (uploads), or the raw bytes as sent (the
   * Stripe webhook, whose signature covers them).
   */
  body?: { schema: JsonSchema; example: unknown; optional?: boolean; type?: 'json' | 'multipart' | 'raw' }
  responses: ApiResponse[]
  /** Cache-Control of the 200 answer, where it may be cached. */
  cache?: string
}

export const API_GROUPS = [
  'Assets',
  'Authentication',
  'Account',
  'Downloads',
  'Licences',
  'Favorites',
  'Collections',
  'Billing',
  'Blog',
  'Admin',
  'Integrations',
] as const
export type ApiGroup = (typeof API_GROUPS)[number]

const EXAMPLE_IMAGE_DIR = '/images/7f3c2a9e-4b1d-4e8a-9c55-2d0f6b8e1a47'

export const EXAMPLE_ASSET = {
  id: 42,
  title: 'Glossy Robot Head',
  description: 'A friendly robot head with a glossy finish, rendered on a transparent background.',
  tags: ['robot', 'head', 'glossy'],
  category: 'Characters',
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
  thumbnail_uploaded: false,
  audio: null,
}

const EXAMPLE_LICENCE = {
  licenseId: 'LIC-7KQ2M9XPA4RTB3VWNY5D',
  status: 'valid',
  asset: { id: 42, title: 'Glossy Robot Head', url: '/assets/42' },
  licensee: 'j***@example.com',
  issuedAt: '2025-05-20T14:02:11.000Z',
  plan: 'pro',
  termsVersion: '2025-03-23',
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  variant: 'Original PNG, 1024 × 1024',
  verifyUrl: '/licenses/LIC-7KQ2M9XPA4RTB3VWNY5D',
  certificateUrl: '/licenses/LIC-7KQ2M9XPA4RTB3VWNY5D.pdf',
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

/** An error answer; `reason` when the call's refusal carries one (the Error schema's reason). */
const error = (status: number, description: string, message: string, reason?: string): ApiResponse => ({
  status,
  description,
  schema: ref('Error'),
  example: reason ? { error: message, reason } : { error: message },
})
/** Publishing waits for the upload's processing (decision 87). */
const NOT_PROCESSED = error(
  409,
  'Publishing an asset that is still being processed, or whose processing failed.',
  'This asset is still being processed; publish it when it is ready.',
  'asset-processing',
)
const UNAUTHORIZED = error(401, 'No token, or the token has expired or been revoked.', 'Authentication required')
const ASSET_ID: ApiParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The asset’s id.',
  schema: { type: 'integer', minimum: 1 },
}
const MESSAGE: JsonSchema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } }
const FAVOURITE_STATE: JsonSchema = {
  type: 'object',
  required: ['ok', 'asset_id', 'isFavourite'],
  properties: { ok: { type: 'boolean' }, asset_id: { type: 'integer' }, isFavourite: { type: 'boolean' } },
}

const TOO_MANY: ApiResponse = {
  ...error(
    429,
    'Too many attempts; the Retry-After header says how many seconds to wait.',
    'Too many attempts. Please try again in 12 minutes.',
    'rate-limited',
  ),
  headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
}
/** What every admin call answers to anyone but an admin. */
const ADMIN_ONLY: ApiResponse[] = [
  error(401, 'No token, or the token has expired or been revoked.', 'Authentication required'),
  error(403, 'The token is not an admin account’s.', 'Admin access required'),
]
const ASSET_NOT_FOUND = error(
  404,
  'No asset has this id (an id is a whole number written in decimal, without leading zeros).',
  'Asset not found',
  'asset-not-found',
)
const POST_ID: ApiParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The post’s id.',
  schema: { type: 'integer', minimum: 1 },
}
const POST_NOT_FOUND = error(404, 'No post has this id.', 'Blog post not found.')
/** The answer of every DELETE of one record: `{ ok: true, id }`. */
const deleted = (id: number): ApiResponse => ({
  status: 200,
  description: 'Deleted.',
  schema: {
    type: 'object',
    required: ['ok', 'id'],
    properties: { ok: { type: 'boolean', const: true }, id: { type: 'integer' } },
  },
  example: { ok: true, id },
})
const EXAMPLE_ADMIN_ASSET = {
  ...EXAMPLE_ASSET,
  is_active: false,
  original_filename: 'robot-head.png',
  published_at: null,
  publish_at: null,
  updated_at: '2025-05-02T09:30:00.000Z',
  processing: { state: 'ready', error: null, step: null, retryable: true },
}

/** PUT/PATCH /api/admin/assets/{id} (AssetChangesSchema, app/lib/admin-assets.ts). */
const ASSET_CHANGES: JsonSchema = {
  type: 'object',
  minProperties: 1,
  description: 'At least one field.',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 5000 },
    category: { type: 'string', maxLength: 100 },
    tags: {
      type: ['array', 'string'],
      items: { type: ['string', 'number'] },
      description: `A list, a JSON array as a string, or a comma-separated string; at most ${MAX_TAGS} tags.`,
    },
    is_active: {
      type: ['boolean', 'string'],
      enum: [true, false, 'true', 'false', '1', '0', 'on'],
      description: 'Published or a draft.',
    },
    asset_type: {
      type: 'string',
      enum: [...ASSET_TYPES],
      description: 'An image is `3d` or `image`; a sound stays `audio`.',
    },
    publish_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description:
        'When this draft goes live: ISO 8601 with its zone (Z or an offset), within two years. A time in the past publishes at once; null or an empty string withdraws the schedule. Not with is_active; refused (409) for a published asset.',
    },
  },
}

/** POST /api/admin/assets/bulk (BulkRequestSchema, app/lib/admin-assets.ts). */
const BULK_REQUEST: JsonSchema = {
  type: 'object',
  required: ['ids', 'action'],
  properties: {
    ids: {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      minItems: 1,
      maxItems: MAX_BULK_IDS,
      description: `The assets, at most ${MAX_BULK_IDS}.`,
    },
    action: { type: 'string', enum: [...BULK_ACTIONS] },
    tags: {
      type: ['array', 'string'],
      items: { type: ['string', 'number'] },
      description: 'add-tags and remove-tags: a list or a comma-separated string.',
    },
    category: {
      type: 'string',
      maxLength: 100,
      description: 'set-category: a category some asset already has (a new one starts from one asset’s edit).',
    },
    asset_type: { type: 'string', enum: [...ASSET_TYPES], description: 'set-type.' },
    publish_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'schedule: ISO 8601 with its zone; a time in the past publishes at once; null withdraws.',
    },
  },
}

/** POST /api/admin/blogs and PUT /api/admin/blogs/{id} (BlogPostSchema, app/lib/blog-schema.ts). */
const BLOG_POST_INPUT: JsonSchema = {
  type: 'object',
  required: ['title', 'content', 'excerpt', 'date', 'category', 'readTime', 'image'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    content: {
      type: 'string',
      maxLength: BLOG_CONTENT_MAX,
      description: 'HTML with something visible (text or an image); sanitised on save.',
    },
    excerpt: { type: 'string', minLength: 1, maxLength: 1000 },
    date: { type: 'string', minLength: 1, maxLength: 100, description: 'Free text, as shown on the post.' },
    category: { type: 'string', minLength: 1, maxLength: 100 },
    readTime: { type: 'string', minLength: 1, maxLength: 50, description: 'Free text, such as “3 min read”.' },
    image: {
      type: 'string',
      minLength: 1,
      maxLength: 2000,
      description: 'Cover image: http(s):// or a path on this site starting with /.',
    },
  },
}
const BLOG_POST_EXAMPLE = {
  title: EXAMPLE_POST.title,
  content: EXAMPLE_POST.content,
  excerpt: EXAMPLE_POST.excerpt,
  date: EXAMPLE_POST.date,
  category: EXAMPLE_POST.category,
  readTime: EXAMPLE_POST.readTime,
  image: EXAMPLE_POST.image,
}

const COLLECTION_ID: ApiParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The collection’s id.',
  schema: { type: 'integer', minimum: 1 },
}
const COLLECTION_NOT_FOUND = error(
  404,
  'No collection with this id that you may see or change: a private collection of someone else’s, or one that does not exist, answers the same.',
  'Collection not found',
  'collection-not-found',
)
const EXAMPLE_COLLECTION = {
  id: 7,
  name: 'Launch moodboard',
  description: 'Glassy shapes for the spring launch.',
  isPublic: true,
  isKit: false,
  owner: { name: 'Jane Doe' },
  assetCount: 1,
  images: [EXAMPLE_ASSET.thumbnail],
  cover: EXAMPLE_ASSET.thumbnail,
  coverPreview: EXAMPLE_ASSET.image,
  coverAssetId: null,
  kitOrder: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:05:00.000Z',
  canEdit: true,
}
const COLLECTION_FIELDS: JsonSchema = {
  name: { type: 'string', minLength: 1, maxLength: COLLECTION_NAME_MAX },
  description: { type: 'string', maxLength: COLLECTION_DESCRIPTION_MAX },
  isPublic: { type: 'boolean', description: 'Private (false) unless said otherwise.' },
}

const COLLECTION_ASSET_STATE: JsonSchema = {
  type: 'object',
  required: ['ok', 'collection_id', 'asset_id', 'added'],
  properties: {
    ok: { type: 'boolean' },
    collection_id: { type: 'integer' },
    asset_id: { type: 'integer' },
    added: { type: 'boolean' },
  },
}

const COLLECTION_CALLS: ApiCall[] = [
  {
    operationId: 'listCollections',
    method: 'GET',
    path: '/api/collections',
    group: 'Collections',
    summary: 'Your collections',
    description: `Your own collections (not the artist’s kits), the most recently changed first; at most ${MAX_COLLECTIONS_PER_USER}.`,
    bearer: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'Your collections.',
        schema: {
          type: 'object',
          required: ['collections', 'total'],
          properties: { collections: { type: 'array', items: ref('Collection') }, total: { type: 'integer' } },
        },
        example: { collections: [EXAMPLE_COLLECTION], total: 1 },
      },
      UNAUTHORIZED,
    ],
  },
  {
    operationId: 'createCollection',
    method: 'POST',
    path: '/api/collections',
    group: 'Collections',
    summary: 'Make a collection',
    description: `A new collection of yours, private unless \`isPublic\` is true. An account keeps at most ${MAX_COLLECTIONS_PER_USER} collections.`,
    bearer: true,
    parameters: [],
    body: {
      schema: { type: 'object', required: ['name'], properties: COLLECTION_FIELDS },
      example: { name: 'Launch moodboard', description: 'Glassy shapes for the spring launch.', isPublic: false },
    },
    responses: [
      {
        status: 201,
        description: 'Made; Location is its address in the API.',
        schema: ref('Collection'),
        example: { ...EXAMPLE_COLLECTION, isPublic: false, assetCount: 0, images: [], cover: '', coverPreview: '' },
        headers: { Location: { description: '/api/collections/{id}', schema: { type: 'string' } } },
      },
      error(
        400,
        'The name is missing or longer than 80 characters, or a field has the wrong type.',
        'Give the collection a name.',
      ),
      UNAUTHORIZED,
      error(
        409,
        `You have ${MAX_COLLECTIONS_PER_USER} collections already.`,
        `You have ${MAX_COLLECTIONS_PER_USER} collections, the most one account can keep. Delete one to make another.`,
        'too-many-collections',
      ),
    ],
  },
  {
    operationId: 'getCollection',
    method: 'GET',
    path: '/api/collections/{id}',
    group: 'Collections',
    summary: 'A collection',
    description: `A public collection or kit (no token needed), or one of your own, with one page of its published assets in its order (${COLLECTION_PAGE_SIZE} a page).`,
    bearer: false,
    parameters: [
      COLLECTION_ID,
      {
        name: 'page',
        in: 'query',
        description: 'Page number, from 1.',
        schema: { type: 'integer', minimum: 1, default: 1 },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'The collection and a page of its assets.',
        schema: ref('CollectionWithAssets'),
        example: {
          ...EXAMPLE_COLLECTION,
          assets: [EXAMPLE_ASSET],
          page: 1,
          pageSize: COLLECTION_PAGE_SIZE,
          pages: 1,
          total: 1,
        },
      },
      COLLECTION_NOT_FOUND,
    ],
  },
  {
    operationId: 'updateCollection',
    method: 'PATCH',
    path: '/api/collections/{id}',
    group: 'Collections',
    summary: 'Rename or share a collection',
    description: 'Changes the name, the description or whether it is public; fields left out stay as they are.',
    bearer: true,
    parameters: [COLLECTION_ID],
    body: {
      schema: { type: 'object', properties: COLLECTION_FIELDS },
      example: { name: 'Spring launch', isPublic: true },
    },
    responses: [
      {
        status: 200,
        description: 'The collection as it is now.',
        schema: ref('Collection'),
        example: EXAMPLE_COLLECTION,
      },
      error(
        400,
        'A field is too long or has the wrong type (or a kit was asked to be private).',
        'A name has at most 80 characters.',
      ),
      UNAUTHORIZED,
      COLLECTION_NOT_FOUND,
    ],
  },
  {
    operationId: 'deleteCollection',
    method: 'DELETE',
    path: '/api/collections/{id}',
    group: 'Collections',
    summary: 'Delete a collection',
    description: 'Deletes one of your collections; its assets stay in the library.',
    bearer: true,
    parameters: [COLLECTION_ID],
    responses: [deleted(7), UNAUTHORIZED, COLLECTION_NOT_FOUND],
  },
  {
    operationId: 'addToCollection',
    method: 'POST',
    path: '/api/collections/{id}/assets',
    group: 'Collections',
    summary: 'Add an asset',
    description: `Adds a published asset at the end of one of your collections; adding it again changes nothing (200 instead of 201). A collection holds at most ${MAX_ASSETS_PER_COLLECTION.toLocaleString('en-GB')} assets.`,
    bearer: true,
    parameters: [COLLECTION_ID],
    body: {
      schema: { type: 'object', required: ['asset_id'], properties: { asset_id: { type: 'integer', minimum: 1 } } },
      example: { asset_id: 42 },
    },
    responses: [
      {
        status: 201,
        description: 'Added (200 when it was there already).',
        schema: COLLECTION_ASSET_STATE,
        example: { ok: true, collection_id: 7, asset_id: 42, added: true },
      },
      {
        status: 200,
        description: 'It was there already.',
        schema: COLLECTION_ASSET_STATE,
        example: { ok: true, collection_id: 7, asset_id: 42, added: false },
      },
      error(400, 'asset_id is missing or not an id.', 'asset_id must be a whole number from 1.'),
      UNAUTHORIZED,
      {
        ...COLLECTION_NOT_FOUND,
        description: `${COLLECTION_NOT_FOUND.description} Also when no published asset has the id (reason asset-not-found).`,
      },
      error(
        409,
        `The collection holds ${MAX_ASSETS_PER_COLLECTION.toLocaleString('en-GB')} assets already.`,
        `A collection holds at most ${MAX_ASSETS_PER_COLLECTION.toLocaleString('en-GB')} assets. Start another one.`,
        'collection-full',
      ),
    ],
  },
  {
    operationId: 'removeFromCollection',
    method: 'DELETE',
    path: '/api/collections/{id}/assets/{assetId}',
    group: 'Collections',
    summary: 'Remove an asset',
    description: 'Takes an asset out of one of your collections (the asset stays in the library).',
    bearer: true,
    parameters: [
      COLLECTION_ID,
      {
        name: 'assetId',
        in: 'path',
        required: true,
        description: 'The asset’s id.',
        schema: { type: 'integer', minimum: 1 },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'Removed.',
        schema: {
          type: 'object',
          required: ['ok', 'collection_id', 'asset_id'],
          properties: { ok: { type: 'boolean' }, collection_id: { type: 'integer' }, asset_id: { type: 'integer' } },
        },
        example: { ok: true, collection_id: 7, asset_id: 42 },
      },
      UNAUTHORIZED,
      {
        ...COLLECTION_NOT_FOUND,
        description: `${COLLECTION_NOT_FOUND.description} Also when the asset is not in it (reason not-in-collection).`,
      },
    ],
  },
  {
    operationId: 'downloadCollection',
    method: 'POST',
    path: '/api/collections/{id}/download',
    group: 'Collections',
    summary: 'Download a collection as one ZIP',
    description: `A public collection, a kit, or one of your own as one ZIP, streamed as it is written: each published asset’s file in the format asked for (the original by default), and a README with the licence terms and each file’s licence id. The quota of single downloads applies: Free spends one of the day’s ${FREE_DAILY_DOWNLOADS} downloads per asset not downloaded today, and the ZIP is refused whole when fewer are left; Pro takes up to 100 assets at once. A POST, as every call that spends downloads is (a GET answers 405): a link or a prefetch cannot spend them.`,
    bearer: true,
    parameters: [
      COLLECTION_ID,
      {
        name: 'format',
        in: 'query',
        description: 'The files’ format, as in the body (the body’s wins when both are given).',
        schema: { type: 'string', enum: [...ZIP_FORMATS], default: 'original' },
      },
    ],
    body: {
      schema: {
        type: 'object',
        properties: {
          format: {
            type: 'string',
            enum: [...ZIP_FORMATS],
            description: 'The files’ format: original (the default), or a conversion for the assets that offer it.',
          },
        },
      },
      example: { format: 'webp' },
      optional: true,
    },
    responses: [
      {
        status: 200,
        description: 'The ZIP (Content-Disposition names it after the collection).',
        mediaType: 'application/zip',
        schema: { type: 'string', format: 'binary' },
        example: null,
      },
      error(
        400,
        'An unknown format, or more than 100 assets.',
        'format must be one of original, png, webp, avif, jpeg',
        'invalid-option',
      ),
      UNAUTHORIZED,
      error(
        403,
        'Not enough of today’s downloads are left for every asset of the ZIP.',
        `Download quota exceeded: this ZIP ${zipQuotaShortfall(7, 3)}`,
        'quota-exceeded',
      ),
      {
        ...COLLECTION_NOT_FOUND,
        description: `${COLLECTION_NOT_FOUND.description} Also when it has no published asset (reason bundle-empty).`,
      },
    ],
  },
]

export const API_CALLS: ApiCall[] = [
  {
    operationId: 'listAssets',
    method: 'GET',
    path: '/api/assets',
    group: 'Assets',
    summary: 'Search and list published assets',
    description:
      'The same search as the Explore page: full-text over titles, tags, categories and descriptions, where every word must match and the last may be a prefix; unknown words are corrected to the nearest term of the catalogue when nothing matches. Filters combine. The first page of a search with words or filters is counted for the artist (its words, filters and result count; nothing about the caller).',
    bearer: false,
    parameters: [
      {
        name: 'search',
        in: 'query',
        description:
          'Words to search for (at most 200 characters). `q` is accepted as a synonym. Only letters and digits are searched: text with none (symbols, emoji) finds nothing.',
        schema: { type: 'string', maxLength: 200 },
      },
      {
        name: 'sort',
        in: 'query',
        description:
          '`relevance` by default when searching, otherwise `newest`; `relevance` without a search lists the newest first.',
        schema: { type: 'string', enum: [...SORTS] },
      },
      {
        name: 'asset_type',
        in: 'query',
        description: 'Only assets of this type.',
        schema: { type: 'string', enum: [...ASSET_TYPES] },
      },
      {
        name: 'category',
        in: 'query',
        description: 'Only this category (case-insensitive), as listed on /categories.',
        schema: { type: 'string', maxLength: 100 },
      },
      {
        name: 'tags',
        in: 'query',
        description:
          'Comma-separated tags (or the parameter repeated); an asset must carry every one, or any one with `tag_match=any`. Case does not matter.',
        schema: { type: 'string', maxLength: 500 },
      },
      {
        name: 'tag_match',
        in: 'query',
        description:
          "`all` (the default): an asset carries every tag given; `any`: at least one of them. An asset page's 'View All' under Related Assets lists its category with any of its first three tags.",
        schema: { type: 'string', enum: [...TAG_MATCHES], default: 'all' },
      },
      {
        name: 'color',
        in: 'query',
        description: `Assets with a dominant colour near this one (OKLab distance under ${NEAR_DISTANCE}, covering at least ${MIN_COLOUR_WEIGHT * 100}% of the visible pixels): a swatch (${COLOUR_SWATCHES.map((s) => s.name).join(', ')}) or #rrggbb (URL-encode the #). With a search and relevance order, the closest come first within each relevance tier.`,
        schema: { type: 'string' },
      },
      {
        name: 'orientation',
        in: 'query',
        description: 'From the stored size: square when width and height are within 5% of each other.',
        schema: { type: 'string', enum: [...ORIENTATIONS] },
      },
      {
        name: 'transparent',
        in: 'query',
        description: '`true`: only assets with a transparent background.',
        schema: { type: 'string', enum: ['true', 'false', '1', '0'] },
      },
      {
        name: 'exact',
        in: 'query',
        description: '`true`: search the words as typed, with no typo correction (`correctedQuery` stays null).',
        schema: { type: 'string', enum: ['true', 'false', '1', '0'] },
      },
      {
        name: 'page',
        in: 'query',
        description:
          'Page number, from 1. Pages stop at the 10,000th match. A page past the last one is an empty `assets` list with the true `total` and `pageCount`.',
        schema: { type: 'integer', minimum: 1, default: 1 },
      },
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
        example: {
          assets: [EXAMPLE_ASSET],
          total: 87,
          totalCapped: false,
          totalEstimated: false,
          page: 1,
          limit: 20,
          pageCount: 5,
          correctedQuery: null,
        },
      },
      error(400, 'A parameter has a value it cannot take.', `sort must be one of ${SORTS.join(', ')}`),
    ],
    cache: 'public, max-age=30',
  },
  {
    operationId: 'suggestSearches',
    method: 'GET',
    path: '/api/assets/suggest',
    group: 'Assets',
    summary: 'Search suggestions',
    description:
      'Completions of a search as it is typed: the earlier words are kept and the last one (at least 2 letters) is completed from the published catalogue’s words, those the most assets have first (then shortest), up to 8. Fewer than 2 letters give no suggestions.',
    bearer: false,
    parameters: [
      {
        name: 'q',
        in: 'query',
        description: 'The search so far; only its first 200 characters are read.',
        schema: { type: 'string' },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'Suggestions, echoing the search they complete.',
        schema: {
          type: 'object',
          required: ['q', 'suggestions'],
          properties: { q: { type: 'string' }, suggestions: { type: 'array', items: { type: 'string' }, maxItems: 8 } },
        },
        example: { q: 'glossy rob', suggestions: ['glossy robot', 'glossy robots'] },
      },
    ],
    cache: 'public, max-age=60',
  },
  {
    operationId: 'listEarlyAccess',
    method: 'GET',
    path: '/api/assets/early-access',
    group: 'Assets',
    summary: 'Assets in early access',
    description: `What /early-access lists: drafts the artist has scheduled to go live within ${EARLY_ACCESS_DAYS} days, the soonest first (at most ${EARLY_ACCESS_LIST_LIMIT}), with how many there are in all. Each gives its name, thumbnail and date only. \`open\` says whether the caller can open and download them now: a Pro member or an administrator, through POST /api/assets/download/{id}.`,
    bearer: false,
    optionalAuth: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'The assets, their number, and whether they are open to the caller.',
        schema: {
          type: 'object',
          required: ['assets', 'total', 'open'],
          properties: {
            assets: { type: 'array', items: ref('ComingAsset'), maxItems: EARLY_ACCESS_LIST_LIMIT },
            total: { type: 'integer', minimum: 0, description: 'Every asset in early access, listed or not.' },
            open: { type: 'boolean', description: 'The caller can open and download them now.' },
          },
        },
        example: {
          assets: [
            {
              id: 43,
              title: 'Chrome Rocket',
              thumbnail: `${EXAMPLE_IMAGE_DIR}/thumb.png`,
              publicAt: '2025-05-09T17:00:00.000Z',
            },
          ],
          total: 1,
          open: false,
        },
      },
    ],
    cache: 'public, max-age=60',
  },
  {
    operationId: 'listTags',
    method: 'GET',
    path: '/api/assets/tags',
    group: 'Assets',
    summary: 'The most used tags',
    description:
      'Up to 100 tags of published assets (of one type, with asset_type), the most used first, each with its number of assets and a thumbnail of its most downloaded asset.',
    bearer: false,
    parameters: [
      {
        name: 'asset_type',
        in: 'query',
        description: "Only this type's assets are counted, and the thumbnails are of that type.",
        schema: { type: 'string', enum: [...ASSET_TYPES] },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'Tags by count, descending.',
        schema: { type: 'object', required: ['tags'], properties: { tags: { type: 'array', items: ref('Tag') } } },
        example: { tags: [{ tag: 'robot', count: 64, thumbnail: `${EXAMPLE_IMAGE_DIR}/thumb.png` }] },
      },
      error(400, 'asset_type is not one of the types.', `asset_type must be one of ${ASSET_TYPES.join(', ')}`),
    ],
    cache: 'public, max-age=60',
  },
  {
    operationId: 'recordAssetView',
    method: 'POST',
    path: '/api/asset-events',
    group: 'Assets',
    summary: 'Report a view',
    description:
      "What the site's pages send after a client-side navigation to an asset's page or preview dialog, which reaches no page on the server (a full page load is counted by the server itself). Counted for the artist's analytics without a user id or an address; crawlers, unknown and unpublished assets are not counted. Same-site requests only.",
    bearer: false,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['asset_id', 'kind'],
        properties: {
          asset_id: { type: 'integer', minimum: 1 },
          kind: { type: 'string', enum: ['page_view', 'dialog_view'] },
          q: { type: 'string', maxLength: 400, description: 'The search the view came from, if any.' },
        },
      },
      example: { asset_id: 42, kind: 'dialog_view', q: 'glossy robot' },
    },
    responses: [
      {
        status: 202,
        description: 'Received: counted within a second or so, unless it came from a crawler.',
        schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', enum: [true] } } },
        example: { ok: true },
      },
      error(
        400,
        'asset_id or kind is missing or not one of the values; the message names the field.',
        'kind: Invalid option: expected one of "page_view"|"dialog_view"',
      ),
    ],
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
      error(401, 'The email or password is wrong.', 'Invalid email or password.', 'bad-credentials'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      error(
        429,
        'Too many attempts; the Retry-After header says how many seconds to wait.',
        'Too many attempts. Please try again in 12 minutes.',
        'rate-limited',
      ),
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
    description:
      'Creates a Free account. Sign in with POST /api/auth/login afterwards to get a token. Attempts are rate-limited per IP address and per email.',
    bearer: false,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['email', 'password', 'full_name'],
        properties: {
          email: { type: 'string', format: 'email', maxLength: 254 },
          password: { type: 'string', minLength: 8, maxLength: 200 },
          full_name: { type: 'string', minLength: 1, maxLength: 120 },
        },
      },
      example: { email: 'you@example.com', password: 'a long password', full_name: 'Alex Doe' },
    },
    responses: [
      {
        status: 201,
        description: 'Created.',
        schema: { type: 'object', required: ['user'], properties: { user: ref('User') } },
        example: {
          user: {
            id: '0b6f4a5e-2c1d-4f7a-8e3b-9d2c1a0f5e6b',
            email: 'you@example.com',
            full_name: 'Alex Doe',
            role: 'user',
            subscription_status: 'free',
            subscription_renews_at: null,
            subscription_ends_at: null,
            created_at: '2025-04-11T08:15:00.000Z',
          },
        },
      },
      error(400, 'The body is not valid JSON, or a field is missing or invalid.', 'Enter a valid email address.'),
      error(409, 'An account with this email exists.', 'An account with this email already exists.', 'email-taken'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      error(
        429,
        'Too many attempts; the Retry-After header says how many seconds to wait.',
        'Too many attempts. Please try again in 12 minutes.',
        'rate-limited',
      ),
    ],
  },
  {
    operationId: 'logout',
    method: 'POST',
    path: '/api/auth/logout',
    group: 'Authentication',
    summary: 'Sign out',
    description:
      'Ends the session of the bearer token (or of the session cookie). Without either it changes nothing and still succeeds.',
    bearer: false,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'Signed out.',
        schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', const: true } } },
        example: { ok: true },
      },
    ],
  },
  {
    operationId: 'forgotPassword',
    method: 'POST',
    path: '/api/auth/forgot-password',
    group: 'Authentication',
    summary: 'Ask for a password reset email',
    description:
      'Sends a link to reset the password, valid for one hour. The answer is the same whether or not the email has an account.',
    bearer: false,
    parameters: [],
    body: {
      schema: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } },
      example: { email: 'you@example.com' },
    },
    responses: [
      {
        status: 200,
        description: 'Sent, if the account exists.',
        schema: MESSAGE,
        example: { message: 'Password reset email sent. Please check your inbox.' },
      },
      error(400, 'The body is not valid JSON, or the email is missing or invalid.', 'Enter a valid email address.'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      error(
        429,
        'Too many attempts; the Retry-After header says how many seconds to wait.',
        'Too many attempts. Please try again in 12 minutes.',
        'rate-limited',
      ),
    ],
  },
  {
    operationId: 'resetPassword',
    method: 'POST',
    path: '/api/auth/reset-password',
    group: 'Authentication',
    summary: 'Set a new password',
    description:
      'Sets a new password with the token from the reset email. The token works once; every session of the account ends.',
    bearer: false,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['token', 'password'],
        properties: {
          token: { type: 'string', minLength: 1, maxLength: 200 },
          password: { type: 'string', minLength: 8, maxLength: 200 },
        },
      },
      example: { token: 'the token from the email', password: 'a new long password' },
    },
    responses: [
      {
        status: 200,
        description: 'The password was changed.',
        schema: MESSAGE,
        example: { message: 'Password has been reset successfully. You can now log in.' },
      },
      error(
        400,
        'The token is unknown, used or expired, or the password is too short.',
        'This reset link is invalid or has expired.',
        'bad-reset-token',
      ),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      error(
        429,
        'Too many attempts; the Retry-After header says how many seconds to wait.',
        'Too many attempts. Please try again in 12 minutes.',
        'rate-limited',
      ),
    ],
  },
  {
    operationId: 'changeName',
    method: 'PATCH',
    path: '/api/auth/me',
    group: 'Account',
    summary: 'Change your name',
    description: 'Sets the full name of the account (shown on your profile and on licences granted from now on).',
    bearer: true,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['full_name'],
        properties: { full_name: { type: 'string', minLength: 1, maxLength: 120 } },
      },
      example: { full_name: 'Alex Doe' },
    },
    responses: [
      {
        status: 200,
        description: 'Saved.',
        schema: { type: 'object', required: ['user'], properties: { user: ref('User') } },
        example: {
          user: {
            id: '0b6f4a5e-2c1d-4f7a-8e3b-9d2c1a0f5e6b',
            email: 'you@example.com',
            full_name: 'Alex Doe',
            role: 'user',
            subscription_status: 'free',
            subscription_renews_at: null,
            subscription_ends_at: null,
            created_at: '2025-04-11T08:15:00.000Z',
          },
        },
      },
      error(400, 'The body is not valid JSON, or the name is missing or too long.', 'full_name is required.'),
      UNAUTHORIZED,
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
    ],
  },
  {
    operationId: 'requestEmailChange',
    method: 'POST',
    path: '/api/auth/email',
    group: 'Account',
    summary: 'Change your email',
    description:
      'Sends a confirmation link to the new address, valid once for 24 hours; the email changes only when it is followed (or its token is sent to POST /api/auth/email/confirm). `current_password` is the account’s password; an account that only signs in with Google gives its current email instead. Rate-limited per account and per IP address.',
    bearer: true,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['email', 'current_password'],
        properties: {
          email: { type: 'string', format: 'email', maxLength: 254 },
          current_password: { type: 'string', minLength: 1 },
        },
      },
      example: { email: 'new@example.com', current_password: 'your password' },
    },
    responses: [
      {
        status: 202,
        description: 'The link is on its way; nothing has changed yet.',
        schema: MESSAGE,
        example: {
          message:
            'We sent a confirmation link to the new address. Your email changes when you follow it (within 24 hours).',
        },
      },
      error(
        400,
        'A field is missing or invalid, or it is already your address.',
        'This is already your email address.',
        'same-email',
      ),
      UNAUTHORIZED,
      error(403, 'The current password is wrong.', 'Your current password is not correct.', 'wrong-password'),
      error(409, 'Another account uses this email.', 'This email is already used by another account.', 'email-taken'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      TOO_MANY,
    ],
  },
  {
    operationId: 'confirmEmailChange',
    method: 'POST',
    path: '/api/auth/email/confirm',
    group: 'Account',
    summary: 'Confirm a new email',
    description:
      'Applies a change of email with the token of the confirmation link (the page /confirm-email?token= does the same for a browser). The token works once, for 24 hours; no sign-in is needed, the token is the proof.',
    bearer: false,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['token'],
        properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
      },
      example: { token: 'the token from the email' },
    },
    responses: [
      {
        status: 200,
        description: 'The email has changed.',
        schema: {
          type: 'object',
          required: ['message', 'user'],
          properties: { message: { type: 'string' }, user: ref('User') },
        },
        example: {
          message: 'Your email address has been changed.',
          user: {
            id: '0b6f4a5e-2c1d-4f7a-8e3b-9d2c1a0f5e6b',
            email: 'new@example.com',
            full_name: 'Alex Doe',
            role: 'user',
            subscription_status: 'free',
            subscription_renews_at: null,
            subscription_ends_at: null,
            created_at: '2025-04-11T08:15:00.000Z',
          },
        },
      },
      error(
        400,
        'The token is unknown, used or expired.',
        'This confirmation link is invalid, used or expired. Please ask for a new one.',
        'bad-email-token',
      ),
      error(
        409,
        'Another account took the address meanwhile.',
        'This email is already used by another account.',
        'email-taken',
      ),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      TOO_MANY,
    ],
  },
  {
    operationId: 'changePassword',
    method: 'POST',
    path: '/api/auth/password',
    group: 'Account',
    summary: 'Change your password',
    description:
      'Sets a new password, the current one required (an account that only signs in with Google gives its email instead). Every other session and token of the account is signed out; the one making the call stays valid. Rate-limited per account and per IP address.',
    bearer: true,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['current_password', 'new_password'],
        properties: {
          current_password: { type: 'string', minLength: 1 },
          new_password: { type: 'string', minLength: 8, maxLength: 200 },
        },
      },
      example: { current_password: 'your password', new_password: 'a new long password' },
    },
    responses: [
      {
        status: 200,
        description: 'Changed.',
        schema: MESSAGE,
        example: { message: 'Your password has been changed. Your other sessions have been signed out.' },
      },
      error(400, 'A field is missing, or the new password is too short.', 'Password must be at least 8 characters.'),
      UNAUTHORIZED,
      error(403, 'The current password is wrong.', 'Your current password is not correct.', 'wrong-password'),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      TOO_MANY,
    ],
  },
  {
    operationId: 'signOutOtherSessions',
    method: 'DELETE',
    path: '/api/auth/sessions',
    group: 'Account',
    summary: 'Sign out your other sessions',
    description:
      'Ends every session of the account (browsers and API tokens) except the one making the call. To end that one too, call POST /api/auth/logout afterwards.',
    bearer: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'Signed out.',
        schema: {
          type: 'object',
          required: ['signed_out'],
          properties: { signed_out: { type: 'integer', minimum: 0, description: 'How many sessions ended.' } },
        },
        example: { signed_out: 2 },
      },
      UNAUTHORIZED,
    ],
  },
  {
    operationId: 'exportMyData',
    method: 'GET',
    path: '/api/auth/export',
    group: 'Account',
    summary: 'Download your data',
    description:
      'Everything the library holds about your account as one JSON document, sent as an attachment: the profile, favourites, collections (private ones too, each with its assets in order), downloads, licences and payments.',
    bearer: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'Your data (Content-Disposition: attachment).',
        schema: {
          type: 'object',
          required: ['exported_at', 'profile', 'favourites', 'collections', 'downloads', 'licenses', 'billing'],
          properties: {
            exported_at: { type: 'string', format: 'date-time' },
            profile: { type: 'object' },
            favourites: { type: 'array', items: { type: 'object' } },
            collections: { type: 'array', items: { type: 'object' } },
            downloads: { type: 'array', items: { type: 'object' } },
            licenses: { type: 'array', items: { type: 'object' } },
            billing: { type: 'array', items: { type: 'object' } },
          },
        },
        example: {
          exported_at: '2025-06-01T10:00:00.000Z',
          profile: { id: '0b6f4a5e-2c1d-4f7a-8e3b-9d2c1a0f5e6b', email: 'you@example.com', full_name: 'Alex Doe' },
          favourites: [{ asset_id: 42, title: 'Glossy Robot Head', added_at: '2025-05-20T14:00:00.000Z' }],
          collections: [
            {
              id: 7,
              name: 'Moodboard',
              description: '',
              public: false,
              created_at: '2025-05-21T09:00:00.000Z',
              updated_at: '2025-05-21T09:05:00.000Z',
              assets: [{ asset_id: 42, title: 'Glossy Robot Head', added_at: '2025-05-21T09:05:00.000Z' }],
            },
          ],
          downloads: [],
          licenses: [],
          billing: [],
        },
      },
      UNAUTHORIZED,
    ],
  },
  {
    operationId: 'deleteAccount',
    method: 'DELETE',
    path: '/api/auth/me',
    group: 'Account',
    summary: 'Delete your account',
    description:
      'Deletes the account, the current password required (an account that only signs in with Google gives its email instead). A Pro subscription is cancelled at Stripe first; if that fails nothing is deleted. Sessions, favourites, collections and payment records go; licences stay valid at /api/licenses/{licenseId}, and the download history stays without the person for the artist’s figures. An administrator account cannot be deleted this way. Rate-limited per account and per IP address.',
    bearer: true,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['current_password'],
        properties: { current_password: { type: 'string', minLength: 1 } },
      },
      example: { current_password: 'your password' },
    },
    responses: [
      {
        status: 200,
        description: 'Deleted; the token no longer works.',
        schema: MESSAGE,
        example: { message: 'Your account has been deleted.' },
      },
      error(400, 'The body is not valid JSON, or the password is missing.', 'Enter your current password.'),
      UNAUTHORIZED,
      error(
        403,
        'The current password is wrong, or the account is an administrator’s.',
        'Your current password is not correct.',
        'wrong-password',
      ),
      error(415, 'The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
      TOO_MANY,
      error(
        502,
        'The Pro subscription could not be cancelled at Stripe; nothing was deleted.',
        'Your Pro subscription could not be cancelled just now, so your account was not deleted. Please try again in a moment.',
        'provider-unavailable',
      ),
    ],
  },
  {
    operationId: 'downloadAsset',
    method: 'POST',
    path: '/api/assets/download/{id}',
    group: 'Downloads',
    summary: 'Download an asset',
    description: `Grants a download and answers with a URL that works for five minutes; a GET of that URL returns the file as an attachment named \`filename\` ({title}.{ext}, the original's own format). On the Free plan each asset counts once per UTC day against the quota of ${FREE_DAILY_DOWNLOADS}; downloading it again the same day, in any size or format, is free. Pro has no daily limit. For 3D and image assets an optional body picks a variant (named {title}-{long side}.{ext}, the long side it really has in pixels): \`size\` (original, 2048, 1024 or 512 px on the long side; a size larger than the original's long side is refused with a 400, never upscaled), \`format\` (png, webp, avif; jpeg for image assets; left out, the original's own format, so \`size\` original alone is the original file), and for 3D renders \`background\` (transparent, white, black or #rrggbb) and \`padding\` (0-25, percent of the long side on every side). For audio the only option is \`format\`: \`mp3\` gives the recording as an MP3 at ${MP3_BITRATE_KBPS} kbit/s ({title}.mp3, audio/mpeg; the original itself when it is an MP3), \`original\` (or no body) the original file; the MP3 counts as a download of the same asset. Every file carries its licence and provenance; the MP3 and every variant have a licence of their own.`,
    bearer: true,
    parameters: [ASSET_ID],
    body: {
      schema: {
        type: 'object',
        properties: {
          size: {
            type: 'string',
            enum: ['original', '2048', '1024', '512'],
            description:
              "Long side in pixels, at most the original's own long side (the asset's width and height): a larger size is a 400. Default original.",
          },
          format: {
            type: 'string',
            enum: ['png', 'webp', 'avif', 'jpeg', 'mp3', 'original'],
            description:
              "Pictures: png, webp, avif; jpeg for image assets only; the default is the original's own format (PNG when it is not one of these). Audio: mp3, or original (default).",
          },
          background: {
            type: 'string',
            description: '3D renders only: transparent (default), white, black or #rrggbb.',
          },
          padding: {
            type: 'integer',
            minimum: 0,
            maximum: 25,
            description: '3D renders only: percent of the long side added on every side. Default 0.',
          },
        },
      },
      example: { size: '1024', format: 'webp', background: '#ffffff', padding: 10 },
      optional: true,
    },
    responses: [
      {
        status: 200,
        description: 'Granted.',
        schema: {
          type: 'object',
          required: ['downloadUrl', 'filename', 'licenseId', 'licenseUrl'],
          properties: {
            downloadUrl: { type: 'string' },
            filename: { type: 'string' },
            licenseId: { type: 'string', description: 'The licence this download is granted under.' },
            licenseUrl: { type: 'string', description: 'Its verification page, for anyone.' },
          },
        },
        example: {
          downloadUrl: '/downloads/eyJhIjo0Mn0.c2lnbmF0dXJl',
          filename: 'Glossy Robot Head.png',
          licenseId: EXAMPLE_LICENCE.licenseId,
          licenseUrl: `https://stock.example.com/licenses/${EXAMPLE_LICENCE.licenseId}`,
        },
      },
      error(
        400,
        'A download option is not valid for this asset (a size larger than the original included), or the body is not an object of options.',
        'size 2048 is larger than the original (512 × 512)',
        'invalid-option',
      ),
      UNAUTHORIZED,
      error(
        403,
        `The Free plan’s ${FREE_DAILY_DOWNLOADS} downloads for today are used up.`,
        'Download quota exceeded',
        'quota-exceeded',
      ),
      error(
        404,
        `No published asset has this id (an id is a whole number written in decimal, without leading zeros); for Pro, nor an asset in early access (scheduled to go live within the next ${EARLY_ACCESS_DAYS} days, see /early-access).`,
        'Asset not found',
        'asset-not-found',
      ),
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
        schema: {
          type: 'object',
          required: ['history'],
          properties: { history: { type: 'array', items: ref('DownloadHistoryItem') } },
        },
        example: {
          history: [
            {
              id: 311,
              asset_id: 42,
              title: EXAMPLE_ASSET.title,
              image: EXAMPLE_ASSET.thumbnail,
              preview_urls: EXAMPLE_ASSET.preview_urls,
              downloaded_at: '2025-05-20T14:02:11.000Z',
              removed: false,
              licenseId: EXAMPLE_LICENCE.licenseId,
            },
          ],
        },
      },
      UNAUTHORIZED,
    ],
  },
  {
    operationId: 'getLicense',
    method: 'GET',
    path: '/api/licenses/{licenseId}',
    group: 'Licences',
    summary: 'Verify a licence',
    description:
      'Anyone with a licence id can check it: the asset, the licensee (a name or the email masked), when it was granted, under which plan and terms, and the SHA-256 of the file delivered. The same facts are on the verification page (`verifyUrl`) and in its PDF certificate (`certificateUrl`). No sign-in.',
    bearer: false,
    parameters: [
      {
        name: 'licenseId',
        in: 'path',
        required: true,
        description: 'The licence’s id: LIC- and 20 letters and digits.',
        schema: { type: 'string', pattern: '^LIC-[A-Z2-7]{20}$' },
      },
    ],
    responses: [
      { status: 200, description: 'The licence.', schema: ref('License'), example: EXAMPLE_LICENCE },
      error(404, 'No licence has this id.', 'Licence not found', 'licence-not-found'),
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
    parameters: [
      {
        name: 'page',
        in: 'query',
        description: 'Page number, from 1.',
        schema: { type: 'integer', minimum: 1, default: 1 },
      },
    ],
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
      {
        status: 201,
        description: 'Saved.',
        schema: FAVOURITE_STATE,
        example: { ok: true, asset_id: 42, isFavourite: true },
      },
      error(
        400,
        'asset_id is missing or not an id (a whole number from 1, in decimal without leading zeros).',
        'asset_id must be a whole number from 1.',
      ),
      UNAUTHORIZED,
      error(404, 'No published asset has this id.', 'Asset not found', 'asset-not-found'),
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
      {
        status: 200,
        description: 'Removed.',
        schema: FAVOURITE_STATE,
        example: { ok: true, asset_id: 42, isFavourite: false },
      },
      UNAUTHORIZED,
      error(404, 'The asset is not among your favourites (or the id is not a whole number).', 'Not in your favorites'),
    ],
  },
  ...COLLECTION_CALLS,
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
        schema: {
          type: 'object',
          required: ['history'],
          properties: { history: { type: 'array', items: ref('BillingItem') } },
        },
        example: {
          history: [
            { description: 'Pro plan (monthly)', date: '2025-05-01T10:00:00.000Z', amount: 9, currency: 'usd' },
          ],
        },
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
    responses: [
      {
        status: 200,
        description: 'An array of posts.',
        schema: { type: 'array', items: ref('BlogPost') },
        example: [EXAMPLE_POST],
      },
    ],
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
    parameters: [
      {
        name: 'slug',
        in: 'path',
        required: true,
        description: 'The post’s slug, as in /blog/{slug}.',
        schema: { type: 'string' },
      },
    ],
    responses: [
      { status: 200, description: 'The post.', schema: ref('BlogPost'), example: EXAMPLE_POST },
      error(404, 'No published post has this slug.', 'Post not found.'),
    ],
    cache: 'public, max-age=60',
  },

  // ---- Admin: the admin screens' calls, for an admin account's token only ----
  {
    operationId: 'adminLogin',
    method: 'POST',
    path: '/api/admin/login',
    group: 'Admin',
    summary: 'Sign in as an admin',
    description:
      'Like POST /api/auth/login, but only an admin account gets a token; any other account gets the same 401 as a wrong password (the admin door does not confirm a user’s password). Attempts are rate-limited like every sign-in.',
    bearer: false,
    parameters: [],
    body: {
      schema: {
        type: 'object',
        required: ['email', 'password'],
        properties: {
          email: { type: 'string', format: 'email', maxLength: 254 },
          password: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      example: { email: 'admin@example.com', password: 'the admin password' },
    },
    responses: [
      {
        status: 200,
        description: 'Signed in as an admin.',
        schema: {
          type: 'object',
          required: ['token', 'expiresAt'],
          properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
        },
        example: { token: 'q3Vx0b9Jm2…', expiresAt: '2025-06-21T09:00:00.000Z' },
      },
      error(400, 'The body is not valid JSON, or a field is missing or invalid.', 'Enter a valid email address.'),
      error(
        401,
        'The email or password is wrong, or the account is not an admin.',
        'Admin login failed. Please check your credentials.',
        'not-admin',
      ),
      TOO_MANY,
    ],
  },
  {
    operationId: 'adminListAssets',
    method: 'GET',
    path: '/api/admin/assets',
    group: 'Admin',
    summary: 'Every asset, drafts included',
    description:
      'The admin’s asset list, the newest first: searched by title, category, exact tag or id, and filtered by status.',
    bearer: true,
    admin: true,
    parameters: [
      {
        name: 'q',
        in: 'query',
        description: 'Words in the title or category, a tag, or an asset id (at most 100 characters).',
        schema: { type: 'string', maxLength: 100 },
      },
      {
        name: 'status',
        in: 'query',
        description: '`published`, `pending` (drafts), `scheduled` (drafts with a publish time) or `all`.',
        schema: { type: 'string', enum: [...ADMIN_STATUSES], default: 'all' },
      },
      {
        name: 'page',
        in: 'query',
        description: 'Page number, from 1.',
        schema: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
      },
      {
        name: 'limit',
        in: 'query',
        description: 'Assets per page; a value outside 1-200 is refused with 400.',
        schema: { type: 'integer', minimum: 1, maximum: 200, default: ADMIN_ASSETS_PAGE_SIZE },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'One page of assets.',
        schema: ref('AdminAssetPage'),
        example: { assets: [EXAMPLE_ADMIN_ASSET], total: 1, page: 1, limit: ADMIN_ASSETS_PAGE_SIZE, pageCount: 1 },
      },
      error(400, 'A parameter has a value it cannot take.', 'status is one of all, published, pending, scheduled.'),
      ...ADMIN_ONLY,
    ],
  },
  {
    operationId: 'adminUploadAsset',
    method: 'POST',
    path: '/api/admin/assets',
    group: 'Admin',
    summary: 'Upload an asset',
    description: `Stores one file as a new draft with its thumbnails and previews: a PNG, JPEG, WebP or AVIF image (at most ${UPLOAD_LIMIT_BYTES / 1024 / 1024}MB; no SVG) or a WAV, MP3, OGG/Opus or FLAC sound (at most ${AUDIO_UPLOAD_LIMIT_BYTES / 1024 / 1024}MB). The bytes decide the type: audio is \`audio\`, an image is \`3d\` (the default) or \`image\`. An optional \`thumbnail\` image replaces the generated thumbnail. It answers as soon as the file is stored, with \`processing.state\` \`processing\`: a background job makes the previews (and for a sound decodes it, encodes the listening preview and draws the waveform), then GET /api/admin/assets/{id} shows \`ready\`, or \`failed\` with the reason (a sound that only starts like one fails there). Publish it, once ready, with POST /api/admin/assets/{id}/publish.`,
    bearer: true,
    admin: true,
    parameters: [],
    body: {
      type: 'multipart',
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'The image or sound.' },
          thumbnail: {
            type: 'string',
            format: 'binary',
            description: 'Optional: an image to use as the thumbnail (a paired WebP, say).',
          },
          title: { type: 'string', maxLength: 200, description: 'Default: from the file name.' },
          description: { type: 'string', maxLength: 5000 },
          tags: {
            type: 'string',
            maxLength: 5000,
            description: `A JSON array, or tags separated by commas; at most ${MAX_TAGS}.`,
          },
          category: { type: 'string', maxLength: 100 },
          asset_type: {
            type: 'string',
            enum: [...ASSET_TYPES],
            description: 'For an image: `3d` (default) or `image`. A sound is always `audio`.',
          },
          publish_at: {
            type: 'string',
            format: 'date-time',
            description:
              'Optional: when it goes live, ISO 8601 with its zone, within two years. It goes live then, or as soon as its processing is done if that is later; the answer shows `publish_at`.',
          },
        },
      },
      example: {
        file: '(robot-head.png)',
        title: 'Glossy Robot Head',
        tags: '["robot", "head", "glossy"]',
        category: 'Characters',
        asset_type: '3d',
      },
    },
    responses: [
      {
        status: 201,
        description: 'Stored as a draft, being processed; the Location header is its admin URL.',
        schema: ref('UploadedAsset'),
        example: {
          ...EXAMPLE_ADMIN_ASSET,
          image: '',
          thumbnail: '',
          preview_urls: { thumb: '', thumb_webp: '', preview: '', preview_webp: '' },
          dominant_colour: null,
          palette: [],
          processing: { state: 'processing', error: null, step: 'queued', retryable: true },
          original_url: '',
        },
        headers: {
          Location: { description: 'The asset’s admin URL: /api/admin/assets/{id}.', schema: { type: 'string' } },
        },
      },
      error(
        400,
        'The body is not multipart/form-data, there is no `file`, a field is invalid, or the file is not an image or sound the library can process.',
        'The file is not an image we can read.',
        'not-an-image',
      ),
      ...ADMIN_ONLY,
      error(
        413,
        `The file is over its type’s limit (${UPLOAD_LIMIT_BYTES / 1024 / 1024}MB for an image, ${AUDIO_UPLOAD_LIMIT_BYTES / 1024 / 1024}MB for a sound), or more than a file and a thumbnail were sent.`,
        fileTooLargeMessage(UPLOAD_LIMIT_BYTES, 'robot-head.png'),
        'file-too-large',
      ),
    ],
  },
  {
    operationId: 'adminGetAsset',
    method: 'GET',
    path: '/api/admin/assets/{id}',
    group: 'Admin',
    summary: 'One asset, draft or not',
    description: 'An asset with its admin fields, whether or not it is published.',
    bearer: true,
    admin: true,
    parameters: [ASSET_ID],
    responses: [
      { status: 200, description: 'The asset.', schema: ref('AdminAsset'), example: EXAMPLE_ADMIN_ASSET },
      ...ADMIN_ONLY,
      ASSET_NOT_FOUND,
    ],
  },
  ...(['PUT', 'PATCH'] as const).map(
    (method): ApiCall => ({
      operationId: method === 'PUT' ? 'adminUpdateAsset' : 'adminPatchAsset',
      method,
      path: '/api/admin/assets/{id}',
      group: 'Admin',
      summary: method === 'PUT' ? 'Change an asset' : 'Change an asset (the same as PUT)',
      description:
        'Changes the fields sent and leaves the others: at least one of title, description, tags, category, is_active, asset_type, publish_at. PUT and PATCH do the same. Publishing here sets published_at the first time. publish_at schedules a draft: it goes live at that time.',
      bearer: true,
      admin: true,
      parameters: [ASSET_ID],
      body: {
        schema: ASSET_CHANGES,
        example: { title: 'Glossy Robot Head', tags: ['robot', 'head'], is_active: true },
      },
      responses: [
        {
          status: 200,
          description: 'The asset as it now is.',
          schema: ref('AdminAsset'),
          example: { ...EXAMPLE_ADMIN_ASSET, is_active: true, published_at: '2025-05-02T10:00:00.000Z' },
        },
        error(
          400,
          'A field is invalid, none was sent, or the type does not fit the file (a sound stays `audio`; an image cannot become `audio`).',
          'Send at least one of title, description, tags, category, is_active, asset_type, publish_at.',
        ),
        ...ADMIN_ONLY,
        ASSET_NOT_FOUND,
        error(
          409,
          'publish_at for an asset already published.',
          'This asset is already published: a schedule is for a draft. Unpublish it first.',
          'already-published',
        ),
        NOT_PROCESSED,
      ],
    }),
  ),
  {
    operationId: 'adminBulkAssets',
    method: 'POST',
    path: '/api/admin/assets/bulk',
    group: 'Admin',
    summary: 'Change many assets at once',
    description:
      'One change for the assets listed: add or remove tags, set the category or the type, publish, unpublish, or schedule (publish_at; null withdraws). Each asset changed gets its own audit entry; an asset the change does not fit is left as it was and counted (an asset still processing is not published; an audio asset keeps its type; a published asset is not scheduled).',
    bearer: true,
    admin: true,
    parameters: [],
    body: { schema: BULK_REQUEST, example: { ids: [41, 42, 43], action: 'add-tags', tags: ['forest', 'night'] } },
    responses: [
      {
        status: 200,
        description: 'What changed, what was left and why, and the same in a sentence.',
        schema: {
          type: 'object',
          required: ['action', 'changed', 'skipped', 'missing', 'message'],
          properties: {
            action: { type: 'string', enum: [...BULK_ACTIONS] },
            changed: { type: 'array', items: { type: 'integer' }, description: 'The assets changed.' },
            skipped: {
              type: 'array',
              description: 'Assets left as they were, by reason.',
              items: {
                type: 'object',
                required: ['ids', 'reason'],
                properties: { ids: { type: 'array', items: { type: 'integer' } }, reason: { type: 'string' } },
              },
            },
            missing: { type: 'array', items: { type: 'integer' }, description: 'Ids that no longer exist.' },
            message: { type: 'string' },
          },
        },
        example: {
          action: 'publish',
          changed: [41, 42, 43],
          skipped: [{ ids: [44], reason: '1 is still processing and was left unpublished' }],
          missing: [],
          message: 'Published 3 assets; 1 is still processing and was left unpublished.',
        },
      },
      error(
        400,
        `No ids, more than ${MAX_BULK_IDS}, an unknown action, category or type, or the field the action needs is missing.`,
        'Select at least one asset.',
      ),
      ...ADMIN_ONLY,
    ],
  },
  {
    operationId: 'adminDeleteAsset',
    method: 'DELETE',
    path: '/api/admin/assets/{id}',
    group: 'Admin',
    summary: 'Delete an asset',
    description: 'Removes the asset and its files. Download histories keep its title.',
    bearer: true,
    admin: true,
    parameters: [ASSET_ID],
    responses: [deleted(42), ...ADMIN_ONLY, ASSET_NOT_FOUND],
  },
  {
    operationId: 'adminPublishAsset',
    method: 'POST',
    path: '/api/admin/assets/{id}/publish',
    group: 'Admin',
    summary: 'Publish an asset, or take it back to draft',
    description:
      'Without a body, publishes the asset; `{"is_active": false}` takes it back to draft (its download links stop working). Doing what is already done changes nothing. An asset still being processed (or whose processing failed) cannot be published: 409 `asset-processing`.',
    bearer: true,
    admin: true,
    parameters: [ASSET_ID],
    body: {
      schema: {
        type: 'object',
        properties: {
          is_active: {
            type: ['boolean', 'string'],
            enum: [true, false, 'true', 'false', '1', '0', 'on'],
            default: true,
            description: 'true publishes (the default), false makes it a draft.',
          },
        },
      },
      example: { is_active: true },
      optional: true,
    },
    responses: [
      {
        status: 200,
        description: 'Its state now.',
        schema: {
          type: 'object',
          required: ['id', 'is_active'],
          properties: { id: { type: 'integer' }, is_active: { type: 'boolean' } },
        },
        example: { id: 42, is_active: true },
      },
      error(
        400,
        'is_active is not a boolean (true, false, "true", "false", "1", "0" or "on"), the body has another field (this call publishes at once: a schedule is PUT with publish_at), or the body is not valid JSON.',
        'Unknown field: publish_at.',
      ),
      ...ADMIN_ONLY,
      ASSET_NOT_FOUND,
      NOT_PROCESSED,
    ],
  },
  {
    operationId: 'adminListUsers',
    method: 'GET',
    path: '/api/admin/users',
    group: 'Admin',
    summary: 'Every account',
    description:
      'Accounts, the newest first, searched by name or email, with today’s downloads of each and the counts of all accounts by plan.',
    bearer: true,
    admin: true,
    parameters: [
      {
        name: 'q',
        in: 'query',
        description: 'Part of a name or email (at most 100 characters).',
        schema: { type: 'string', maxLength: 100 },
      },
      {
        name: 'page',
        in: 'query',
        description: 'Page number, from 1.',
        schema: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
      },
      {
        name: 'limit',
        in: 'query',
        description: 'Accounts per page; a value outside 1-200 is refused with 400.',
        schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'One page of accounts.',
        schema: ref('AdminUserPage'),
        example: {
          users: [
            {
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
          ],
          counts: { total: 1, free: 1, pro: 0 },
          total: 1,
          page: 1,
          limit: 50,
          pageCount: 1,
        },
      },
      error(400, 'A parameter has a value it cannot take.', 'limit is a whole number from 1 to 200.'),
      ...ADMIN_ONLY,
    ],
  },
  {
    operationId: 'adminAnalytics',
    method: 'GET',
    path: '/api/admin/analytics',
    group: 'Admin',
    summary: 'Analytics',
    description:
      'Totals (accounts, assets, downloads today, revenue, published assets, downloads of all time, Pro subscribers); each day of the last 30 or 90 days (views, previews played, favourites, downloads, licences, sign-ups); the same per category and per type; the 10 most downloaded assets; 12 months of Pro subscriptions (new, cancelled, running, MRR). The same figures as the analytics page, the dashboard and /about.',
    bearer: true,
    admin: true,
    parameters: [
      {
        name: 'days',
        in: 'query',
        description: 'The window: 30 (the default) or 90 days.',
        schema: { type: 'integer', enum: [30, 90], default: 30 },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'The analytics.',
        schema: ref('AdminAnalytics'),
        example: {
          users: 120,
          assets: 87,
          downloads: 14,
          revenue: 90,
          published: 80,
          totalDownloads: 3120,
          proSubscribers: 9,
          days: 30,
          daily: [
            {
              day: '2025-05-20',
              page_views: 210,
              dialog_views: 640,
              preview_plays: 35,
              favourites: 12,
              downloads: 14,
              licences: 15,
              signups: 2,
            },
          ],
          byCategory: [
            {
              group: 'Furniture',
              assets: 12,
              page_views: 400,
              dialog_views: 1200,
              preview_plays: 0,
              favourites: 30,
              downloads: 75,
              licences: 80,
            },
          ],
          byType: [
            {
              group: '3d',
              assets: 40,
              page_views: 2000,
              dialog_views: 6100,
              preview_plays: 0,
              favourites: 140,
              downloads: 300,
              licences: 320,
            },
          ],
          topAssets: [
            { id: 42, title: EXAMPLE_ASSET.title, downloads: 128, thumbnail: EXAMPLE_ASSET.thumbnail, is_active: true },
          ],
          subscriptions: [{ month: '2025-05', new: 3, cancelled: 1, active: 9, mrr_cents: 8100 }],
        },
      },
      ...ADMIN_ONLY,
    ],
  },
  {
    operationId: 'adminSystemStatus',
    method: 'GET',
    path: '/api/admin/status',
    group: 'Admin',
    summary: 'System status',
    description:
      'The health of the server, the database and the storage, the p95 response time and error rate of the recent requests, and the background jobs waiting, running or failed (with their age and failure reason).',
    bearer: true,
    admin: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'The status.',
        schema: ref('SystemStatus'),
        example: {
          serverHealth: 'OK',
          database: 'OK',
          storage: 'OK',
          apiResponseTime: '42 ms',
          errorRate: '0%',
          details: {
            databaseMs: 1.2,
            storageWritable: true,
            storageFreeBytes: 52_000_000_000,
            p95Ms: 42,
            errorRatePercent: 0,
            requestCount: 310,
            p95ThresholdMs: 1000,
            errorRateThresholdPercent: 5,
            apiResponseTimeOk: true,
            errorRateOk: true,
            uptimeSeconds: 86_400,
            serverProcess: null,
            checkedAt: '2025-05-20T14:02:11.000Z',
          },
          jobs: {
            available: true,
            counts: { queued: 1, running: 0, failed: 1 },
            jobs: [
              {
                id: '0b7e4c1e-6a2d-4e0f-9a53-2f1f7a1c9d10',
                name: 'process-upload',
                state: 'failed',
                ageSeconds: 420,
                age: '7 min',
                createdAt: '2025-05-20T13:55:11.000Z',
                attempts: 3,
                error: 'storage unavailable',
                subject: 'asset 42',
              },
            ],
          },
        },
      },
      ...ADMIN_ONLY,
    ],
  },
  {
    operationId: 'adminListBlogPosts',
    method: 'GET',
    path: '/api/admin/blogs',
    group: 'Admin',
    summary: 'Every blog post',
    description: 'Every post, the newest first.',
    bearer: true,
    admin: true,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'An array of posts.',
        schema: { type: 'array', items: ref('BlogPost') },
        example: [EXAMPLE_POST],
      },
      ...ADMIN_ONLY,
    ],
  },
  {
    operationId: 'adminCreateBlogPost',
    method: 'POST',
    path: '/api/admin/blogs',
    group: 'Admin',
    summary: 'Write a blog post',
    description:
      'Creates a post from the seven fields of the editor; the slug comes from the title. The HTML is sanitised as the editor’s is: scripts, event handlers and unknown link schemes are removed.',
    bearer: true,
    admin: true,
    parameters: [],
    body: { schema: BLOG_POST_INPUT, example: BLOG_POST_EXAMPLE },
    responses: [
      {
        status: 201,
        description: 'Created; the Location header is its public URL.',
        schema: ref('BlogPost'),
        example: EXAMPLE_POST,
        headers: {
          Location: { description: 'The post’s public API URL: /api/blogs/{slug}.', schema: { type: 'string' } },
        },
      },
      error(400, 'A field is missing, too long or invalid.', 'Title is required.'),
      ...ADMIN_ONLY,
    ],
  },
  {
    operationId: 'adminGetBlogPost',
    method: 'GET',
    path: '/api/admin/blogs/{id}',
    group: 'Admin',
    summary: 'One blog post, for editing',
    description: 'The seven fields of a post, with its id and slug.',
    bearer: true,
    admin: true,
    parameters: [POST_ID],
    responses: [
      {
        status: 200,
        description: 'The post.',
        schema: ref('AdminBlogPost'),
        example: {
          id: EXAMPLE_POST.id,
          slug: EXAMPLE_POST.slug,
          title: EXAMPLE_POST.title,
          excerpt: EXAMPLE_POST.excerpt,
          image: EXAMPLE_POST.image,
          date: EXAMPLE_POST.date,
          readTime: EXAMPLE_POST.readTime,
          category: EXAMPLE_POST.category,
          content: EXAMPLE_POST.content,
        },
      },
      ...ADMIN_ONLY,
      POST_NOT_FOUND,
    ],
  },
  {
    operationId: 'adminUpdateBlogPost',
    method: 'PUT',
    path: '/api/admin/blogs/{id}',
    group: 'Admin',
    summary: 'Change a blog post',
    description:
      'Replaces the seven fields of a post (all are required, as in the editor); the slug stays. The HTML is sanitised.',
    bearer: true,
    admin: true,
    parameters: [POST_ID],
    body: { schema: BLOG_POST_INPUT, example: BLOG_POST_EXAMPLE },
    responses: [
      { status: 200, description: 'The post as it now is.', schema: ref('BlogPost'), example: EXAMPLE_POST },
      error(400, 'A field is missing, too long or invalid.', 'Image URL must start with http://, https:// or /.'),
      ...ADMIN_ONLY,
      POST_NOT_FOUND,
    ],
  },
  {
    operationId: 'adminDeleteBlogPost',
    method: 'DELETE',
    path: '/api/admin/blogs/{id}',
    group: 'Admin',
    summary: 'Delete a blog post',
    description:
      'Deletes a post for good; its address answers 404 and its slug is free again. Pictures uploaded for it and used by no other post are removed once a day has passed since their upload.',
    bearer: true,
    admin: true,
    parameters: [POST_ID],
    responses: [deleted(EXAMPLE_POST.id), ...ADMIN_ONLY, POST_NOT_FOUND],
  },
  {
    operationId: 'adminUploadBlogImage',
    method: 'POST',
    path: '/api/admin/upload-image',
    group: 'Admin',
    summary: 'Upload a picture for a blog post',
    description: `Stores one image (PNG, JPEG, WebP or AVIF, at most ${UPLOAD_LIMIT_BYTES / 1024 / 1024}MB) re-encoded as WebP, at most 2000 px wide, and answers its public URL for the post’s HTML or cover.`,
    bearer: true,
    admin: true,
    parameters: [],
    body: {
      type: 'multipart',
      schema: {
        type: 'object',
        required: ['image'],
        properties: { image: { type: 'string', format: 'binary', description: 'The picture.' } },
      },
      example: { image: '(picture.png)' },
    },
    responses: [
      {
        status: 201,
        description: 'Stored.',
        schema: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
        example: { url: '/images/blog/3f9a2c1e.webp' },
      },
      error(
        400,
        'The body is not multipart/form-data, there is no `image`, or it is not an image the library can process.',
        'Only image files can be uploaded.',
      ),
      ...ADMIN_ONLY,
      error(
        413,
        `The image is larger than ${UPLOAD_LIMIT_BYTES / 1024 / 1024}MB.`,
        fileTooLargeMessage(UPLOAD_LIMIT_BYTES, 'The image'),
      ),
    ],
  },

  // ---- Integrations: called by other services and by browsers, not by scripts ----
  {
    operationId: 'stripeWebhook',
    method: 'POST',
    path: '/api/stripe/webhook',
    group: 'Integrations',
    summary: 'Stripe’s event deliveries',
    description:
      'Stripe calls this with subscription and payment events; the Stripe-Signature header, checked against the webhook secret, is what proves an event is Stripe’s. An event delivered twice is applied once. Events of other types are acknowledged and ignored.',
    bearer: false,
    parameters: [
      {
        name: 'Stripe-Signature',
        in: 'header',
        required: true,
        description: 'Stripe’s signature of the exact body.',
        schema: { type: 'string' },
      },
    ],
    body: {
      type: 'raw',
      schema: {
        type: 'object',
        required: ['id', 'type'],
        description: 'A Stripe event, as Stripe sent it.',
        properties: { id: { type: 'string' }, type: { type: 'string' } },
      },
      example: { id: 'evt_1Nx…', type: 'invoice.paid', data: { object: {} } },
    },
    responses: [
      {
        status: 200,
        description: 'Received (applied, or a repeat or a type that needs nothing).',
        schema: { type: 'object', required: ['received'], properties: { received: { type: 'boolean', const: true } } },
        example: { received: true },
      },
      error(
        400,
        'The signature is missing or wrong, or the signed body is not an event.',
        'Invalid signature',
        'bad-signature',
      ),
      error(413, 'The body is larger than 512KB.', 'Payload too large'),
      error(
        500,
        'The event could not be applied; nothing was kept and Stripe delivers it again later.',
        'The event could not be applied',
      ),
      error(
        503,
        'Payments are not configured on this server (no webhook secret), or the database is unavailable.',
        'Payments are not configured',
        'webhook-not-configured',
      ),
    ],
  },
  {
    operationId: 'googleSignInCallback',
    method: 'GET',
    path: '/api/auth/google/callback',
    group: 'Integrations',
    summary: 'Google sign-in: the way back',
    description:
      'Google sends the browser here after the person chooses an account (the sign-in starts at /auth/google). The state cookie and the code are checked, an account is found or created, and the session cookie is set. Every answer is a redirect: to the page the person came from, or to /login with an error.',
    bearer: false,
    parameters: [
      { name: 'code', in: 'query', description: 'From Google.', schema: { type: 'string' } },
      {
        name: 'state',
        in: 'query',
        description: 'From Google; must match the state cookie set when the sign-in started.',
        schema: { type: 'string' },
      },
    ],
    responses: [
      {
        status: 302,
        description:
          'Signed in (the session cookie is set) and sent back to the page it started from; or sent to /login?error=google (the sign-in failed), /login?error=google_unverified (the Google email is not verified) or /login?error=google_unavailable (Google sign-in is not configured).',
        example: null,
        headers: { Location: { description: 'A path on this site.', schema: { type: 'string' } } },
      },
    ],
  },
  {
    operationId: 'openApiDocument',
    method: 'GET',
    path: '/api/openapi.json',
    group: 'Integrations',
    summary: 'This document',
    description: 'The API as an OpenAPI 3.1 document, for API clients and code generators.',
    bearer: false,
    parameters: [],
    responses: [
      {
        status: 200,
        description: 'The OpenAPI 3.1 document.',
        schema: {
          type: 'object',
          required: ['openapi', 'info', 'paths'],
          properties: {
            openapi: { type: 'string', pattern: '^3\\.1\\.' },
            info: { type: 'object' },
            paths: { type: 'object' },
          },
        },
        example: { openapi: '3.1.0', info: { title: 'AI Stock Library API', version: '1.0.0' }, paths: {} },
      },
    ],
    cache: 'public, max-age=3600',
  },
]

/** The status codes the API answers with, for the overview. */
export const API_STATUS_CODES: { status: number; meaning: string }[] = [
  { status: 200, meaning: 'Success.' },
  {
    status: 201,
    meaning: 'Created: an account, a favourite, or (admin) an asset, a post or a blog picture was added.',
  },
  { status: 202, meaning: 'Accepted: a change of email waits for its confirmation link to be followed.' },
  { status: 302, meaning: 'Only the Google sign-in callback: a redirect for the browser.' },
  { status: 400, meaning: 'Bad input: a parameter or body field is missing or invalid. The message says which.' },
  { status: 401, meaning: 'The call needs a bearer token and none was sent, or it is no longer valid.' },
  {
    status: 403,
    meaning:
      'Signed in but not allowed: the daily download quota is used up, the current password given to change or delete the account is wrong, an admin call with a token that is not an admin’s, or a cookie-authenticated call from another site.',
  },
  { status: 404, meaning: 'The asset, post or path does not exist.' },
  { status: 405, meaning: 'The path exists but not with this method.' },
  {
    status: 409,
    meaning:
      'An account with this email already exists (registering, or changing your email), or an asset cannot be published yet: it is still being processed.',
  },
  { status: 413, meaning: 'The request body is too large.' },
  { status: 415, meaning: 'A request body that is not JSON; send Content-Type: application/json.' },
  { status: 429, meaning: 'Too many attempts in a short time; wait before trying again.' },
  { status: 500, meaning: 'Something failed on our side; try again later.' },
  { status: 502, meaning: 'A service we depend on (email, Stripe) could not be reached; nothing was changed.' },
  {
    status: 503,
    meaning:
      'The database is unavailable for a moment, or the server is starting; try again after Retry-After seconds.',
  },
]
