import fp from 'fastify-plugin'
import websocket from '@fastify/websocket'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, apiErrorSchema, AUTH_MSG, REALTIME_MAX_MESSAGE_BYTES, REALTIME_MSG } from '@sintonia/contract'
import { toSignInInfo } from '../../plugins/auth.js'
import { errorBody, HttpError } from '../../lib/http/errors.js'
import { isWebSocketHandshake } from '../../plugins/origin-check.js'
import { logUpgrade } from '../../lib/http/request-log.js'
import { RealtimeHub } from './hub.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's WebSocket hub (tests run its sign-in recheck directly). */
    realtime: RealtimeHub
  }
}

const realtimeRoutes: FastifyPluginAsyncZod<{ hub: RealtimeHub }> = async (app, { hub }) => {
  // Registered in this scope only: its onRoute hook wraps the handlers of this scope's routes.
  await app.register(websocket, {
    options: { maxPayload: REALTIME_MAX_MESSAGE_BYTES },
    preClose: async function () {
      await hub.stop()
      app.websocketServer.close()
    },
    // A socket error (e.g. an unclean disconnect) only ends that socket.
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'realtime socket error')
      socket.terminate()
    },
  })

  app.route({
    method: 'GET',
    url: API.realtime,
    // Public: anonymous visitors receive content events; the admin-sync channel checks the role
    // on join. The Origin is checked at the handshake by plugins/origin-check.ts.
    config: { access: 'public' },
    schema: {
      tags: ['tempo real'],
      summary: 'WebSocket de eventos de conteúdo e presença de administradores (docs/realtime.md)',
      response: { 403: apiErrorSchema, 426: apiErrorSchema },
    },
    preHandler: async (request) => {
      const signedIn = await request.signedIn()
      // A suspended account gets no socket at all (an existing one is closed with 4403).
      if (signedIn?.user.banned) throw new HttpError(403, AUTH_MSG.banned)
    },
    // A plain GET (no Upgrade header) is told what this address is for.
    handler: async (_request, reply) => reply.code(426).header('Upgrade', 'websocket').send(errorBody(426, REALTIME_MSG.upgradeRequired)),
    wsHandler: async (socket, request) => {
      logUpgrade(request)
      hub.attach(socket, await request.signedIn(), request.headers.cookie)
    },
  })
}

/** Realtime over WebSocket (ADR 005, docs/realtime.md): the hub, its lifecycle and `/api/realtime`. */
export const realtimePlugin = fp(
  async (app) => {
    const hub = new RealtimeHub({
      bus: app.realtimeBus,
      log: app.log.child({ module: 'realtime' }),
      async lookupSignIn(cookie) {
        // disableRefresh: a recheck must not extend the sign-in the way a page visit does.
        const response = await app.auth.api.getSession({ headers: new Headers({ cookie }), query: { disableRefresh: true } })
        return response ? toSignInInfo(response) : null
      },
    })
    app.decorate('realtime', hub)
    app.addHook('onReady', async () => hub.start())
    // A refused handshake (foreign Origin, suspended account, unknown path) is answered over the
    // raw socket, which nothing else would ever close: end it once the answer is out.
    app.addHook('onResponse', async (request) => {
      if (!isWebSocketHandshake(request)) return
      const socket = request.raw.socket
      if (socket.destroyed) return
      socket.end()
      setTimeout(() => socket.destroy(), 1_000).unref()
    })
    await app.register(realtimeRoutes, { hub })
  },
  { name: 'realtime', dependencies: ['realtime-bus', 'auth'] },
)
