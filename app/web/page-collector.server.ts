import { Writable } from 'node:stream'

/**
 * The page React pipes into `pipe`'s destination, as one buffer once React ends it. Pages are
 * sent whole (decision 102), so no stream stands between React and the response; each write is
 * taken at once, so React never waits for 'drain'. It settles once: with the page, with the
 * destination's error, or, when the destination closes before the page ends (React's fatal
 * error can be any thrown value, even none), with an error of its own.
 */
export function collectPage(pipe: (destination: Writable) => unknown): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const page = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
    })
    page.on('finish', () => resolve(Buffer.concat(chunks)))
    page.on('error', reject)
    // After 'finish' or 'error' this changes nothing: a promise settles once.
    page.on('close', () => reject(new Error('The page was closed before it was whole.')))
    pipe(page)
  })
}
