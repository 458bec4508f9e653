import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { loggableError } from '../lib/pg-errors.js'
import { HttpError } from '../lib/http/errors.js'
import { RefusalAuditor, REFUSAL_WINDOW_MS, type Refusal, type RefusalAuditOptions } from '../lib/audit/refusals.js'
import { AUDIT_CLEANUP_EVERY_MS, purgeExpiredAudit } from '../lib/audit/retention.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Audits refused requests, folding repeats (lib/audit/refusals.ts). */
    refusalAudit: RefusalAuditor
  }
}

export type RefusalOf = Pick<Refusal, 'action' | 'reason' | 'actorUserId' | 'details'>

/** Audits a refusal of this request: its address, method, matched route (or path) are taken from it. */
export function auditRefusal(request: FastifyRequest, refusal: RefusalOf): Promise<void> {
  return request.server.refusalAudit.record({
    ...refusal,
    ip: request.ip ?? null,
    method: request.method,
    route: request.routeOptions.url ?? null,
    path: request.url.split('?')[0] ?? '/',
  })
}

/**
 * Refuses a listener a file a route decides on itself (declared 'public' because the demo is):
 * audited like the access guard's refusals, then thrown as the answer.
 */
export async function refuseListening(request: FastifyRequest, denial: { status: 401 | 403; message: string; reason: string }): Promise<never> {
  const user = (await request.signedIn())?.user
  await auditRefusal(request, { action: 'access_denied', reason: denial.reason, actorUserId: user?.id ?? null, details: { required: 'subscriber' } })
  throw new HttpError(denial.status, denial.message)
}

export interface AuditPluginOptions {
  refusals?: RefusalAuditOptions
}

/**
 * Refusal auditing and the retention of `audit_log`: expired rows are deleted when the app is
 * ready and every 6 hours after (timers unref'd: they never keep the process alive).
 */
export const auditPlugin = fp<AuditPluginOptions>(
  async (app, options) => {
    const log = app.log.child({ module: 'audit' })
    const auditor = new RefusalAuditor(app.database.db, log, options.refusals)
    app.decorate('refusalAudit', auditor)

    let cleanup: Promise<void> = Promise.resolve()
    const runCleanup = () => {
      cleanup = cleanup
        .then(() => purgeExpiredAudit(app.database))
        .then((deleted) => {
          if (deleted > 0) log.info({ deleted }, 'auditoria: linhas antigas removidas')
        })
        .catch((error: unknown) => log.warn({ err: loggableError(error) }, 'falha ao limpar a auditoria'))
    }
    const timers: NodeJS.Timeout[] = []
    app.addHook('onReady', async () => {
      runCleanup()
      timers.push(setInterval(runCleanup, AUDIT_CLEANUP_EVERY_MS).unref())
      timers.push(setInterval(() => auditor.sweep(), options.refusals?.windowMs ?? REFUSAL_WINDOW_MS).unref())
    })
    // preClose: before the database handle is closed by whoever owns it.
    app.addHook('preClose', async () => {
      for (const timer of timers) clearInterval(timer)
      await cleanup
      await auditor.flush()
    })
  },
  { name: 'audit' },
)
