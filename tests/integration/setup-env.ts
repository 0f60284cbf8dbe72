import { afterAll } from 'vitest'
import { endProvenanceTools } from '~/platform/provenance.server'
import { closeTestDb } from '../support/context'

// Quiet logs in tests; each test reads what it needs from the database or the result.
process.env.LOG_SILENT = '1'

afterAll(async () => {
  await closeTestDb()
  // A download writes its file's metadata through ExifTool, whose perl processes outlive a test.
  await endProvenanceTools()
})
