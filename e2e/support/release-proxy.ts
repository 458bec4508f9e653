import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReleaseProxy {
  baseURL: string
  /** From now on /sw.js answers a different script, as after a new deploy. */
  publishNewVersion(): void
  close(): Promise<void>
}

/**
 * A pass-through HTTP proxy in front of the journey's server that can pretend a new version of
 * the app was deployed: after `publishNewVersion()` it serves /sw.js with a changed byte, which
 * is what makes the browser install a new service worker. (The browser fetches the worker
 * script itself, outside anything Playwright's routing can intercept.)
 */
export async function startReleaseProxy(upstream: string): Promise<ReleaseProxy> {
  let version = 0
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', upstream)
    // The Host of the proxy is kept, so the API's same-origin check sees the page's own origin.
    const headers: IncomingHttpHeaders = { ...req.headers }
    if (target.pathname === '/sw.js' && version > 0) {
      // A revalidation would get 304 for the unchanged file on disk: ask for the whole script,
      // uncompressed, so a line can be appended to it.
      delete headers['if-none-match']
      delete headers['if-modified-since']
      delete headers['accept-encoding']
    }
    const forward = httpRequest(target, { method: req.method, headers }, (answer) => {
      const isWorker = target.pathname === '/sw.js' && req.method === 'GET' && answer.statusCode === 200
      if (!isWorker || version === 0) {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
        return
      }
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(`\n// versão publicada ${version}\n`)])
        const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...rest } = answer.headers
        res.writeHead(200, { ...rest, 'content-length': String(body.length) })
        res.end(body)
      })
    })
    forward.on('error', () => {
      res.writeHead(502)
      res.end()
    })
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://localhost:${port}`,
    publishNewVersion() {
      version += 1
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
