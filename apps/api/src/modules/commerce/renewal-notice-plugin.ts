/**
 * Starts the renewal notices (renewal-notices.ts) when the server is ready and stops them before
 * the database closes. Registered by server.ts only: API tests call runRenewalNotices themselves
 * with the time they choose.
 */
import fp from 'fastify-plugin'
import { createPeriodicJob } from '../../lib/periodic-job.js'
import { runRenewalNotices, type RenewalNoticeDeps } from './renewal-notices.js'

export const renewalNoticePlugin = fp<Pick<RenewalNoticeDeps, 'pushToListener'>>(
  async (app, options) => {
    const log = app.log.child({ module: 'avisos-de-renovacao' })
    const deps: RenewalNoticeDeps = { db: app.database.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log, pushToListener: options.pushToListener }
    const job = createPeriodicJob({
      run: () => runRenewalNotices(deps, app.clock.now()),
      intervalMs: app.config.billing.renewalNoticeIntervalSeconds * 1000,
      log,
      failure: 'avisos de renovação: falha na passagem',
    })
    app.addHook('onReady', async () => job.start())
    // preClose: the pass in progress finishes before the database handle is closed.
    app.addHook('preClose', async () => job.stop())
  },
  { name: 'renewal-notices', dependencies: ['mailer'] },
)
