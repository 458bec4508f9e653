/**
 * Runs the card-instalment renewals with Asaas (asaas-card-renewals.ts) when the server is ready,
 * and stops them before the database closes. Registered by server.ts only, and only with
 * PAYMENT_GATEWAY=asaas: API tests call runAsaasCardRenewals themselves with the time they choose.
 */
import fp from 'fastify-plugin'
import { createPeriodicJob } from '../../lib/periodic-job.js'
import { runAsaasCardRenewals } from './asaas-card-renewals.js'
import { AsaasGateway } from './gateway/asaas.js'

export const asaasCardRenewalPlugin = fp(
  async (app) => {
    const gateway = app.payments.gateway
    if (!(gateway instanceof AsaasGateway)) return
    const log = app.log.child({ module: 'renovacoes-cartao-asaas' })
    const job = createPeriodicJob({
      run: () => runAsaasCardRenewals({ commerce: app.payments.deps, gateway, log }, app.clock.now()),
      intervalMs: app.config.billing.renewalNoticeIntervalSeconds * 1000,
      log,
      failure: 'renovações no cartão (Asaas): falha na passagem',
    })
    app.addHook('onReady', async () => job.start())
    app.addHook('preClose', async () => job.stop())
  },
  { name: 'asaas-card-renewals', dependencies: ['payments'] },
)
