import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, REALTIME_CLOSE, REALTIME_MSG } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, auditRows, listener, nextIp, setBanned, type Account } from '../helpers/auth.js'
import { HandshakeRefused, openSocket, type TestSocket } from '../helpers/realtime.js'

let ctx: TestContext
let baseUrl: string
const open: TestSocket[] = []

beforeAll(async () => {
  ctx = await buildTestApp({ env: { PUBLIC_URL: 'https://sintonia.exemplo.com.br' } })
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  for (const socket of open) socket.ws.terminate()
  await ctx.close()
})

async function connect(options: { cookie?: string; origin?: string } = {}): Promise<TestSocket> {
  const socket = await openSocket(baseUrl, options)
  open.push(socket)
  return socket
}

const join = { type: 'join', channel: 'admin-sync' }

/**
 * Proves `socket` was kept out of the admin-sync presence, without waiting for a time: an admin
 * joining changes the list, which the hub sends at once, in one pass, to every socket in the
 * channel; a ping sent after that is answered after anything the hub wrote to `socket` before, so
 * once its pong is in, a presence meant for it would be too. The admin leaves again afterwards.
 */
async function expectKeptOutOfPresence(socket: TestSocket) {
  const watcher = await connect({ cookie: (await admin(ctx)).cookie })
  watcher.send(join)
  await watcher.next('presence')
  socket.send({ type: 'ping' })
  await socket.next('pong')
  expect(socket.messages.filter((m) => m.type === 'presence')).toEqual([])
  watcher.send({ type: 'leave', channel: 'admin-sync' })
  await watcher.next('left')
}

describe('GET /api/realtime — handshake', () => {
  it('is declared public in the access table', () => {
    expect(ctx.app.accessTable).toContainEqual(expect.objectContaining({ method: 'GET', url: API.realtime, access: 'public' }))
  })

  it('answers a plain GET with 426 and a pt-BR message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: API.realtime })
    expect(res.statusCode).toBe(426)
    expect(res.json()).toMatchObject({ statusCode: 426, message: REALTIME_MSG.upgradeRequired })
  })

  it('refuses a handshake from a foreign Origin with 403 and audits it', async () => {
    const refused = await connect({ origin: 'https://site-malicioso.example' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HandshakeRefused)
    expect((refused as HandshakeRefused).status).toBe(403)
    const rows = await auditRows(ctx, `GET ${API.realtime}`)
    expect(rows.some((row) => row.action === 'origin_denied' && (row.details as { origin?: string }).origin === 'https://site-malicioso.example')).toBe(true)
  })

  it('accepts the site origin (PUBLIC_URL) and its own host, and clients without Origin', async () => {
    await expect(connect({ origin: 'https://sintonia.exemplo.com.br' })).resolves.toBeDefined()
    await expect(connect({ origin: baseUrl })).resolves.toBeDefined()
    await expect(connect()).resolves.toBeDefined()
  })

  it('refuses a suspended account at the handshake', async () => {
    const banned = await listener(ctx)
    await setBanned(ctx, banned.userId)
    const refused = await connect({ cookie: banned.cookie }).catch((error: unknown) => error)
    expect((refused as HandshakeRefused).status).toBe(403)
  })
})

describe('events', () => {
  it('forwards a published domain event to anonymous and signed-in sockets', async () => {
    const anonymous = await connect()
    const signedIn = await connect({ cookie: (await listener(ctx)).cookie })
    await ctx.app.domainEvents.publish('fields_changed')
    await expect(anonymous.next('event')).resolves.toEqual({ type: 'event', name: 'fields_changed' })
    await expect(signedIn.next('event')).resolves.toEqual({ type: 'event', name: 'fields_changed' })
  })

  it('answers ping with pong', async () => {
    const socket = await connect()
    socket.send({ type: 'ping' })
    await expect(socket.next('pong')).resolves.toEqual({ type: 'pong' })
  })
})

describe('admin-sync presence', () => {
  it('is refused to an anonymous socket, which stays open for events', async () => {
    const socket = await connect()
    socket.send(join)
    await expect(socket.next('error')).resolves.toEqual({ type: 'error', code: 'forbidden', channel: 'admin-sync' })
    await expectKeptOutOfPresence(socket)
    await ctx.app.domainEvents.publish('videos_changed')
    await expect(socket.next('event', (m) => m.name === 'videos_changed')).resolves.toBeDefined()
  })

  it('is refused to a listener', async () => {
    const socket = await connect({ cookie: (await listener(ctx)).cookie })
    socket.send(join)
    await expect(socket.next('error')).resolves.toMatchObject({ code: 'forbidden' })
    await expectKeptOutOfPresence(socket)
  })

  it('lets admins join and shows each the others, until one leaves', async () => {
    const ana = await admin(ctx)
    const bruno = await admin(ctx)
    const anaSocket = await connect({ cookie: ana.cookie })
    anaSocket.send(join)
    await anaSocket.next('joined')
    const first = await anaSocket.next('presence')
    expect(first.self).toBe(ana.userId)
    expect(first.admins.map((a) => a.id)).toEqual([ana.userId])
    expect(first.admins[0]!.displayName).toBe(ana.email.split('@')[0])
    expect(Number.isNaN(Date.parse(first.admins[0]!.since))).toBe(false)

    const brunoSocket = await connect({ cookie: bruno.cookie })
    brunoSocket.send(join)
    const brunoView = await brunoSocket.next('presence')
    expect(brunoView.admins.map((a) => a.id)).toEqual([ana.userId, bruno.userId])
    expect(brunoView.self).toBe(bruno.userId)
    const anaView = await anaSocket.next('presence', (m) => m.admins.length === 2)
    expect(anaView.admins.map((a) => a.id)).toEqual([ana.userId, bruno.userId])

    // A second tab of the same admin does not count twice.
    const anaSecondTab = await connect({ cookie: ana.cookie })
    anaSecondTab.send(join)
    expect((await anaSecondTab.next('presence')).admins).toHaveLength(2)

    await brunoSocket.close()
    const afterLeave = await anaSocket.next('presence', (m) => m.admins.length === 1)
    expect(afterLeave.admins.map((a) => a.id)).toEqual([ana.userId])

    anaSecondTab.send({ type: 'leave', channel: 'admin-sync' })
    await expect(anaSecondTab.next('left')).resolves.toEqual({ type: 'left', channel: 'admin-sync' })
  })
})

describe('sign-ins that end', () => {
  async function signOut(account: Account) {
    const res = await ctx.app.inject({ method: 'POST', url: API.accounts.signOut, headers: { cookie: account.cookie }, remoteAddress: nextIp() })
    expect(res.statusCode).toBe(200)
  }

  it('closes a socket whose sign-in was revoked at the next recheck (4401)', async () => {
    const account = await listener(ctx)
    const socket = await connect({ cookie: account.cookie })
    const anonymous = await connect()
    await signOut(account)
    await ctx.app.realtime.recheckSignIns()
    await expect(socket.closed).resolves.toEqual({ code: REALTIME_CLOSE.signInEnded.code, reason: REALTIME_CLOSE.signInEnded.reason })
    // Anonymous sockets have no sign-in to lose.
    expect(anonymous.ws.readyState).toBe(anonymous.ws.OPEN)
  })

  it('closes an admin socket whose sign-in was revoked when it tries to join', async () => {
    const boss = await admin(ctx)
    const socket = await connect({ cookie: boss.cookie })
    await signOut(boss)
    socket.send(join)
    await expect(socket.closed).resolves.toEqual({ code: 4401, reason: 'sessao_encerrada' })
    expect(socket.messages.some((m) => m.type === 'presence')).toBe(false)
  })

  it('closes the socket of an account banned meanwhile (4403) and drops it from presence', async () => {
    const watcher = await admin(ctx)
    const other = await admin(ctx)
    const watcherSocket = await connect({ cookie: watcher.cookie })
    watcherSocket.send(join)
    await watcherSocket.next('presence')
    const otherSocket = await connect({ cookie: other.cookie })
    otherSocket.send(join)
    await watcherSocket.next('presence', (m) => m.admins.some((a) => a.id === other.userId))

    await setBanned(ctx, other.userId)
    await ctx.app.realtime.recheckSignIns()
    await expect(otherSocket.closed).resolves.toEqual({ code: REALTIME_CLOSE.accountSuspended.code, reason: 'conta_suspensa' })
    const after = await watcherSocket.next('presence', (m) => !m.admins.some((a) => a.id === other.userId))
    expect(after.admins.map((a) => a.id)).toContain(watcher.userId)
  })
})

describe('malformed client messages', () => {
  it('closes on text that is not a JSON object with a type (4400)', async () => {
    for (const bad of ['isto não é json', '[1,2]', '{"tipo":"join"}', 'null']) {
      const socket = await connect()
      socket.send(bad)
      await expect(socket.closed).resolves.toEqual({ code: 4400, reason: 'mensagem_invalida' })
    }
  })

  it('closes on a binary frame (1003) and on a frame over the size limit (1009)', async () => {
    const binary = await connect()
    binary.ws.send(Buffer.from([1, 2, 3]))
    await expect(binary.closed).resolves.toMatchObject({ code: 1003 })

    const huge = await connect()
    huge.send({ type: 'ping', padding: 'x'.repeat(4096) })
    await expect(huge.closed).resolves.toMatchObject({ code: 1009 })
  })

  it('ignores well-formed messages of unknown types or channels and keeps serving', async () => {
    const socket = await connect()
    socket.send({ type: 'subscribe', channel: 'tudo' })
    socket.send({ type: 'join', channel: 'outro-canal' })
    socket.send({ type: 'ping' })
    await expect(socket.next('pong')).resolves.toEqual({ type: 'pong' })
    expect(socket.messages.filter((m) => m.type !== 'pong')).toEqual([])
  })

  it('keeps the server healthy after all of that', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: API.health })
    expect(res.statusCode).toBe(200)
  })
})
