import type { Migration, MigrationProvider } from 'kysely/migration'
import * as m0001 from './0001_initial'
import * as m0002 from './0002_search_terms'
import * as m0003 from './0003_sort_indexes'
import * as m0004 from './0004_ranked_search'
import * as m0005 from './0005_catalogue_version'
import * as m0006 from './0006_storage_cleanup'
import * as m0007 from './0007_audio'
import * as m0008 from './0008_download_history_keeps_deleted'
import * as m0009 from './0009_palettes'
import * as m0010 from './0010_asset_variants'
import * as m0011 from './0011_search_lexemes'
import * as m0012 from './0012_palette_colours'
import * as m0013 from './0013_words_with_a_colour'
import * as m0014 from './0014_licences'
import * as m0015 from './0015_account_deletion'
import * as m0016 from './0016_collections'
import * as m0017 from './0017_blog_images'
import * as m0018 from './0018_analytics_events'
import * as m0019 from './0019_analytics_daily'
import * as m0020 from './0020_subscription_periods'
import * as m0021 from './0021_asset_processing'
import * as m0022 from './0022_scheduled_publishing'
import * as m0023 from './0023_palettes_do_not_move_the_version'
import * as m0024 from './0024_category_thumbnails_index'
import * as m0025 from './0025_demo_seed'
import * as m0026 from './0026_blog_images_without_auto_size'
import * as m0027 from './0027_delivered_file_sizes'
import * as m0028 from './0028_licences_per_delivered_file'
import * as m0029 from './0029_search_terms_of_published_assets'
import * as m0030 from './0030_no_sign_in_links'
import * as m0031 from './0031_retry_only_where_it_can_help'

// A static list rather than a folder scan, so migrations work the same inside the server
// bundle, under tsx and under vitest. Add new files here in order.
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_search_terms': m0002,
  '0003_sort_indexes': m0003,
  '0004_ranked_search': m0004,
  '0005_catalogue_version': m0005,
  '0006_storage_cleanup': m0006,
  '0007_audio': m0007,
  '0008_download_history_keeps_deleted': m0008,
  '0009_palettes': m0009,
  '0010_asset_variants': m0010,
  '0011_search_lexemes': m0011,
  '0012_palette_colours': m0012,
  '0013_words_with_a_colour': m0013,
  '0014_licences': m0014,
  '0015_account_deletion': m0015,
  '0016_collections': m0016,
  '0017_blog_images': m0017,
  '0018_analytics_events': m0018,
  '0019_analytics_daily': m0019,
  '0020_subscription_periods': m0020,
  '0021_asset_processing': m0021,
  '0022_scheduled_publishing': m0022,
  '0023_palettes_do_not_move_the_version': m0023,
  '0024_category_thumbnails_index': m0024,
  '0025_demo_seed': m0025,
  '0026_blog_images_without_auto_size': m0026,
  '0027_delivered_file_sizes': m0027,
  '0028_licences_per_delivered_file': m0028,
  '0029_search_terms_of_published_assets': m0029,
  '0030_no_sign_in_links': m0030,
  '0031_retry_only_where_it_can_help': m0031,
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations
  },
}
