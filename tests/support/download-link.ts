import { loader as fileRoute } from '~/routes/download-file'
import { callRoute, makeRequest, type TestContext } from './context'

/** Follows a granted download link through its route, as a browser would: the answer and its bytes. */
export async function openDownloadLink(t: TestContext, downloadUrl: string): Promise<{ res: Response; bytes: Buffer }> {
  const res = (await callRoute(fileRoute, {
    request: makeRequest(downloadUrl),
    params: { token: downloadUrl.replace('/downloads/', '') },
    context: t.routerContext(),
  })) as Response
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}
