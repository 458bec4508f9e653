/**
 * A server on 127.0.0.1 that accepts connections and never answers (nor closes them): what a push
 * endpoint chosen to stall the reminder scheduler looks like. It counts the connections it got and
 * the requests sent on them (a client may open spare connections it never writes on), so a test
 * can also prove that nothing reached it.
 */
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface SilentServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  port: number
  /** Connections accepted so far. */
  readonly connections: number
  /** Connections on which the client wrote something (one request each: none is ever answered). */
  readonly requests: number
  /** Resolves once `n` requests have arrived in all. */
  reached(n: number): Promise<void>
  close(): Promise<void>
}

export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>()
  let connections = 0
  let requests = 0
  const waiters: { n: number; resolve: () => void }[] = []
  const server = createServer((socket) => {
    connections++
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => sockets.delete(socket))
    socket.once('data', () => {
      requests++
      for (const waiter of waiters.filter((w) => requests >= w.n)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    })
    // Read and drop whatever comes; never write a byte back.
    socket.resume()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    get connections() {
      return connections
    },
    get requests() {
      return requests
    },
    reached(n) {
      if (requests >= n) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ n, resolve }))
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
