import type { Migration, MigrationProvider } from 'kysely/migration'
import * as m0001 from './0001_initial'
import * as m0002 from './0002_search_terms'
import * as m0003 from './0003_sort_indexes'
import * as m0004 from './0004_download_history_keeps_deleted'

// A static list rather than a folder scan, so migrations work the same inside the server
// bundle, under tsx and under vitest. Add new files here in order.
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_search_terms': m0002,
  '0003_sort_indexes': m0003,
  '0004_download_history_keeps_deleted': m0004,
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations
  },
}
