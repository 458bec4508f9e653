/**
 * Delivers the gifts whose day has come (gift-delivery.ts) on a timer when the server is ready, and
 * stops before the database closes. Registered by server.ts only: API tests call deliverDueGifts
 * themselves with the time they choose.
 */
import fp from 'fastify-plugin'
import { createPeriodicJob } from '../../lib/periodic-job.js'
import { deliverDueGifts } from './gift-delivery.js'

export const giftDeliveryPlugin = fp(
  async (app) => {
    const log = app.log.child({ module: 'entrega-de-presentes' })
    const deps = { mailer: app.mailer, publicUrl: app.config.publicUrl, log }
    const job = createPeriodicJob({
      run: async () => {
        const delivered = await deliverDueGifts(app.database.db, deps, app.clock.now())
        if (delivered > 0) app.mailer.kick()
        return delivered
      },
      intervalMs: app.config.billing.giftDeliveryIntervalSeconds * 1000,
      log,
      failure: 'entrega de presentes: falha na passagem',
    })
    app.addHook('onReady', async () => job.start())
    // preClose: the pass in progress finishes before the database handle is closed.
    app.addHook('preClose', async () => job.stop())
  },
  { name: 'gift-delivery', dependencies: ['mailer'] },
)
