import type { FastifyBaseLogger } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import {
  REALTIME_CHANNEL_ADMIN_SYNC,
  REALTIME_CLOSE,
  realtimeClientMessageSchema,
  type RealtimeServerMessage,
} from '@sintonia/contract'
import type { SignInInfo, SignedInUserInfo } from '../../plugins/auth.js'
import type { BusMessage, RealtimeBus } from '../../plugins/realtime-bus.js'
import { PresenceRegistry } from './presence.js'

export interface RealtimeHubOptions {
  bus: RealtimeBus
  /** The sign-in behind a Cookie header, read again without extending it; null when it is gone. */
  lookupSignIn: (cookie: string) => Promise<SignInInfo | null>
  log: FastifyBaseLogger
  /** How often signed-in sockets have their sign-in read again (revoked, banned, role changed). */
  signInRecheckMs?: number
  /** How often this instance re-announces its admins; other instances forget it after 3 of these. */
  presenceHeartbeatMs?: number
}

export const SIGN_IN_RECHECK_MS = 30_000
export const PRESENCE_HEARTBEAT_MS = 10_000
/** A socket that has this much unsent data is a stalled client: it is dropped, not buffered forever. */
const MAX_BUFFERED_BYTES = 1024 * 1024

interface Connection {
  socket: WebSocket
  /** The handshake's Cookie header, kept to recheck the sign-in; null for anonymous sockets. */
  cookie: string | null
  user: SignedInUserInfo | null
  signInExpiresAt: number | null
  joinedAt: string | null
  /** Answered the last protocol-level ping. */
  alive: boolean
}

/**
 * The WebSocket side of realtime on one API instance (docs/realtime.md): forwards bus events to
 * every socket, keeps the `admin-sync` presence, rechecks sign-ins and drops dead sockets.
 */
export class RealtimeHub {
  private readonly connections = new Set<Connection>()
  private readonly presence: PresenceRegistry
  private readonly recheckMs: number
  private readonly heartbeatMs: number
  private readonly timers: NodeJS.Timeout[] = []
  private unsubscribe: (() => void) | null = null
  private lastPresence = ''
  private stopped = false
  private rechecking: Promise<void> | null = null

  constructor(private readonly options: RealtimeHubOptions) {
    this.recheckMs = options.signInRecheckMs ?? SIGN_IN_RECHECK_MS
    this.heartbeatMs = options.presenceHeartbeatMs ?? PRESENCE_HEARTBEAT_MS
    this.presence = new PresenceRegistry(this.heartbeatMs * 3)
  }

  get size(): number {
    return this.connections.size
  }

  start(): void {
    this.unsubscribe = this.options.bus.subscribe((message) => this.onBusMessage(message))
    const every = (ms: number, task: () => void | Promise<void>) => {
      const timer = setInterval(() => void task(), ms)
      timer.unref()
      this.timers.push(timer)
    }
    every(this.heartbeatMs, () => this.heartbeat())
    every(this.recheckMs, () => this.recheckSignIns())
    every(this.recheckMs, () => this.keepalive())
    // A starting instance asks the others for their admins instead of waiting for a heartbeat.
    void this.options.bus.announcePresence({ admins: [], sync: true })
  }

  /** Server shutdown: tell the other instances our admins left, close every socket with 1001. */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    for (const timer of this.timers) clearInterval(timer)
    this.unsubscribe?.()
    const hadAdmins = this.presence.localAdmins().length > 0
    for (const connection of this.connections) connection.socket.close(1001, 'servidor_encerrando')
    if (hadAdmins) await this.options.bus.announcePresence({ admins: [] })
    // A client that never answers the close frame must not hold the shutdown.
    const sockets = [...this.connections].map((c) => c.socket)
    setTimeout(() => sockets.forEach((socket) => socket.terminate()), 1_000).unref()
  }

  attach(socket: WebSocket, signedIn: SignInInfo | null, cookie: string | undefined): void {
    const connection: Connection = {
      socket,
      cookie: signedIn && cookie ? cookie : null,
      user: signedIn?.user ?? null,
      signInExpiresAt: signedIn ? signedIn.signIn.expiresAt.getTime() : null,
      joinedAt: null,
      alive: true,
    }
    this.connections.add(connection)
    socket.on('pong', () => {
      connection.alive = true
    })
    socket.on('message', (data, isBinary) => {
      connection.alive = true
      void this.onClientMessage(connection, data, isBinary).catch((error: unknown) => {
        this.options.log.error({ err: error }, 'realtime message handling failed')
      })
    })
    socket.on('close', () => this.detach(connection))
  }

  private detach(connection: Connection): void {
    if (!this.connections.delete(connection)) return
    if (this.presence.removeLocal(connection)) this.presenceChanged(true)
  }

  private async onClientMessage(connection: Connection, data: RawData, isBinary: boolean): Promise<void> {
    if (isBinary) {
      connection.socket.close(1003, 'somente_texto')
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(rawToString(data))
    } catch {
      parsed = undefined
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') {
      connection.socket.close(REALTIME_CLOSE.badMessage.code, REALTIME_CLOSE.badMessage.reason)
      return
    }
    // A well-formed message of a type (or channel) this server does not know is ignored, so a
    // newer client can talk to an older server.
    const message = realtimeClientMessageSchema.safeParse(parsed)
    if (!message.success) return
    switch (message.data.type) {
      case 'ping':
        this.send(connection, { type: 'pong' })
        return
      case 'join':
        await this.join(connection)
        return
      case 'leave':
        if (this.presence.removeLocal(connection)) this.presenceChanged(true)
        connection.joinedAt = null
        this.send(connection, { type: 'left', channel: REALTIME_CHANNEL_ADMIN_SYNC })
        return
    }
  }

  private async join(connection: Connection): Promise<void> {
    // The role is read again from the sign-in now, not trusted from the handshake.
    if (connection.cookie && !(await this.refreshSignIn(connection))) return
    // The socket may have closed while its sign-in was being read.
    if (!this.connections.has(connection)) return
    const user = connection.user
    if (!user || user.role !== 'admin') {
      this.send(connection, { type: 'error', code: 'forbidden', channel: REALTIME_CHANNEL_ADMIN_SYNC })
      return
    }
    connection.joinedAt ??= new Date().toISOString()
    this.presence.addLocal(connection, { id: user.id, displayName: user.displayName, since: connection.joinedAt })
    this.send(connection, { type: 'joined', channel: REALTIME_CHANNEL_ADMIN_SYNC })
    this.presenceChanged(true, connection)
  }

  /**
   * Reads the socket's sign-in again. Closes the socket (and returns false) when the sign-in is
   * gone or expired (4401) or the account is banned (4403); an admin demoted meanwhile leaves
   * the presence channel.
   */
  private async refreshSignIn(connection: Connection): Promise<boolean> {
    if (!connection.cookie) return true
    let signedIn: SignInInfo | null
    try {
      signedIn = await this.options.lookupSignIn(connection.cookie)
    } catch (error) {
      // The database being briefly unavailable is no reason to drop everyone; next round decides.
      this.options.log.warn({ err: error }, 'realtime sign-in recheck failed')
      return true
    }
    if (!signedIn || signedIn.signIn.expiresAt.getTime() <= Date.now()) {
      this.closeWith(connection, REALTIME_CLOSE.signInEnded)
      return false
    }
    if (signedIn.user.banned) {
      this.closeWith(connection, REALTIME_CLOSE.accountSuspended)
      return false
    }
    connection.user = signedIn.user
    connection.signInExpiresAt = signedIn.signIn.expiresAt.getTime()
    if (signedIn.user.role !== 'admin' && this.presence.removeLocal(connection)) {
      connection.joinedAt = null
      this.send(connection, { type: 'error', code: 'forbidden', channel: REALTIME_CHANNEL_ADMIN_SYNC })
      this.presenceChanged(true)
    }
    return true
  }

  /** Every signed-in socket's sign-in, read again (also run by the timer every 30 s). */
  async recheckSignIns(): Promise<void> {
    // A round slower than the interval (many sockets, slow database) is not started twice.
    if (this.rechecking) return this.rechecking
    this.rechecking = (async () => {
      for (const connection of [...this.connections]) {
        if (connection.cookie && this.connections.has(connection)) await this.refreshSignIn(connection)
      }
    })().finally(() => {
      this.rechecking = null
    })
    return this.rechecking
  }

  private closeWith(connection: Connection, close: { code: number; reason: string }): void {
    this.detach(connection)
    connection.socket.close(close.code, close.reason)
  }

  private onBusMessage(message: BusMessage): void {
    if (message.kind === 'event') return this.broadcast({ type: 'event', name: message.name })
    if (message.kind === 'resync') return this.broadcast({ type: 'resync' })
    // Our own announcements come back through NOTIFY too; the local list is already exact.
    if (message.instance === this.options.bus.instanceId) return
    this.presence.applyRemote(message.instance, message.admins, Date.now())
    if (message.sync && this.presence.localAdmins().length > 0) void this.announce()
    this.presenceChanged(false)
  }

  private broadcast(message: RealtimeServerMessage): void {
    const text = JSON.stringify(message)
    for (const connection of this.connections) this.sendText(connection, text)
  }

  private announce(): Promise<void> {
    return this.options.bus.announcePresence({ admins: this.presence.localAdmins() })
  }

  /** Sends the merged list to joined sockets when it changed (`force` one socket that just joined). */
  private presenceChanged(localChanged: boolean, force?: Connection): void {
    if (localChanged) void this.announce()
    const admins = this.presence.list()
    const serialised = JSON.stringify(admins)
    const changed = serialised !== this.lastPresence
    this.lastPresence = serialised
    for (const connection of this.connections) {
      if (!connection.user || !this.presence.hasLocal(connection)) continue
      if (changed || connection === force) this.send(connection, { type: 'presence', admins, self: connection.user.id })
    }
  }

  private heartbeat(): void {
    if (this.presence.localAdmins().length > 0) void this.announce()
    if (this.presence.expire(Date.now())) this.presenceChanged(false)
    const now = Date.now()
    for (const connection of [...this.connections]) {
      if (connection.signInExpiresAt !== null && connection.signInExpiresAt <= now) this.closeWith(connection, REALTIME_CLOSE.signInEnded)
    }
  }

  /** Protocol-level ping; a socket that did not answer the previous one (nor sent anything) is dead. */
  private keepalive(): void {
    for (const connection of [...this.connections]) {
      if (!connection.alive) {
        connection.socket.terminate()
        this.detach(connection)
        continue
      }
      connection.alive = false
      connection.socket.ping()
    }
  }

  private send(connection: Connection, message: RealtimeServerMessage): void {
    this.sendText(connection, JSON.stringify(message))
  }

  private sendText(connection: Connection, text: string): void {
    const { socket } = connection
    if (socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate()
      this.detach(connection)
      return
    }
    socket.send(text)
  }
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
