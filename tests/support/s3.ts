import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
// s3rver 3.7: a real S3 protocol server (REST, signatures, path-style), in-process, on loopback.
// @ts-expect-error: s3rver ships no types
import S3rver from 's3rver'

export interface LocalS3 {
  endpoint: string
  bucket: string
  /** The environment an app instance needs to use this bucket. */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startLocalS3(port: number, bucket = 'stock-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
