import type { FastifyRequest } from 'fastify'

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip']

/**
 * From this machine, not through a proxy: both the socket and the resolved client address are
 * loopback, and no proxy header is present. The internal doors (the admin CLI's, the test clock's)
 * answer only such a caller.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false
  const socketAddress = request.socket.remoteAddress ?? ''
  return LOOPBACK.test(socketAddress) && LOOPBACK.test(request.ip ?? '')
}
