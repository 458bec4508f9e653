/**
 * The Origin check decides on the path the router serves (outside attack, 2026-11): it read the
 * raw URL, so `POST /%61pi/playlists` from another site with a subscriber's cookie created a
 * playlist (201), and a WebSocket handshake to `/%61pi/realtime` from another site was accepted.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import WebSocket from 'ws'
import { MSG } from '@sintonia/contract'
import { playlists } from '../../src/db/schema/index.js'
import { normalisedPath } from '../../src/plugins/origin-check.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, nextIp, seedSubscription, type Account } from '../helpers/auth.js'
import { HandshakeRefused } from '../helpers/realtime.js'

const FOREIGN = 'https://site-malicioso.example'

let ctx: TestContext
let subscriber: Account
let baseUrl: string
const sockets: WebSocket[] = []

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, env: { PUBLIC_URL: 'https://sintonia.exemplo.com.br' } })
  subscriber = await listener(ctx)
  await seedSubscription(ctx, subscriber.userId)
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  for (const ws of sockets) ws.terminate()
  await ctx.close()
})

const playlistsOf = async (userId: string) => ctx.database.db.select().from(playlists).where(eq(playlists.userId, userId))

function postPlaylist(url: string, origin?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie: subscriber.cookie, ...(origin ? { origin } : {}) },
    payload: { id: randomUUID(), name: 'Lista forjada' },
    remoteAddress: nextIp(),
  })
}

/** A raw handshake to `path` (the `ws` client sends the path as written). */
function handshake(path: string, origin?: string): Promise<WebSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}`, origin ? { origin } : {})
  sockets.push(ws)
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_request, response) => {
      reject(new HandshakeRefused(response.statusCode ?? 0))
      ws.terminate()
    })
    ws.once('error', reject)
  })
}

describe('Origin check on encoded and unusual paths', () => {
  it('the router serves /%61pi/playlists as /api/playlists (the attack reaches a real route)', async () => {
    const res = await postPlaylist('/%61pi/playlists')
    expect(res.statusCode).toBe(201)
  })

  it('refuses POST /%61pi/playlists from another site with a subscriber cookie, and writes nothing', async () => {
    const before = (await playlistsOf(subscriber.userId)).length
    for (const url of ['/%61pi/playlists', '/%61%70%69/playlists', '/api/%70laylists', '/%2561pi/playlists', '//api/playlists', '/./api/playlists', '/x/../api/playlists', '/API/playlists']) {
      const res = await postPlaylist(url, FOREIGN)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().message, url).toBe(MSG.generic.originNotAllowed)
    }
    expect(await playlistsOf(subscriber.userId)).toHaveLength(before)
  })

  it('refuses a WebSocket handshake to /%61pi/realtime from another site, and accepts it without Origin', async () => {
    const refused = await handshake('/%61pi/realtime', FOREIGN).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HandshakeRefused)
    expect((refused as HandshakeRefused).status).toBe(403)
    await expect(handshake('/%61pi/realtime')).resolves.toBeInstanceOf(WebSocket)
  })
})

describe('normalisedPath', () => {
  it('decodes, resolves dot segments and repeated slashes, lower-cases, drops the query', () => {
    expect(normalisedPath('/%61pi/playlists?x=1')).toBe('/api/playlists')
    expect(normalisedPath('/%2561pi/x')).toBe('/api/x')
    expect(normalisedPath('//API//x/')).toBe('/api/x')
    expect(normalisedPath('/a/./b/../../api/x#y')).toBe('/api/x')
    expect(normalisedPath('/..\\api\\x')).toBe('/api/x')
    expect(normalisedPath('/%E0%A4%A/x')).toBe('/%e0%a4%a/x')
    expect(normalisedPath('/sandbox/checkout/abc')).toBe('/sandbox/checkout/abc')
  })
})
