import fp from 'fastify-plugin'
import { is } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client.js'
import {
  createEmailDispatcher,
  createLogTransport,
  createSmtpTransport,
  enqueueEmail,
  enqueueEmailBatch,
  type DispatchResult,
  type EmailToSend,
  type MailTransport,
} from '../lib/mail/index.js'

export interface MailerOptions {
  /** Replaces the transport chosen from the configuration (tests). */
  transport?: MailTransport
  /** false: no polling and no kick after enqueue; rows are sent only by explicit dispatchPending() (tests). */
  autoDispatch?: boolean
  pollIntervalMs?: number
}

export interface Mailer {
  /** 'smtp', 'log' or a test transport's name. */
  readonly transport: string
  /**
   * Puts an e-mail in the outbox inside `db` (a transaction or the app's database) and returns its
   * id. Outside a transaction the dispatcher is kicked at once; inside one the row is invisible until
   * commit, so call `kick()` after the transaction (the 5 s poll is the safety net).
   */
  enqueue(db: Database, email: EmailToSend): Promise<string>
  /** Many e-mails in one statement, written as built (a campaign's copies); kicks like `enqueue`. */
  enqueueBatch(db: Database, emails: readonly EmailToSend[]): Promise<string[]>
  kick(): void
  dispatchPending(): Promise<DispatchResult>
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

export const mailerPlugin = fp<MailerOptions>(
  async (app, options) => {
    const log = app.log.child({ module: 'mailer' })
    const { smtpUrl, from } = app.config.mail
    const transport = options.transport ?? (smtpUrl ? createSmtpTransport({ url: smtpUrl, from }) : createLogTransport(log))
    const dispatcher = createEmailDispatcher({
      db: app.database.db,
      transport,
      log,
      ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
    })
    const autoDispatch = options.autoDispatch ?? true
    const kick = () => {
      if (autoDispatch) dispatcher.kick()
    }

    app.decorate('mailer', {
      transport: transport.name,
      async enqueue(db, email) {
        const id = await enqueueEmail(db, email)
        if (!is(db, PgTransaction)) kick()
        return id
      },
      async enqueueBatch(db, emails) {
        const ids = await enqueueEmailBatch(db, emails)
        if (!is(db, PgTransaction)) kick()
        return ids
      },
      kick,
      dispatchPending: () => dispatcher.dispatchPending(),
    } satisfies Mailer)

    if (autoDispatch) app.addHook('onReady', async () => dispatcher.start())
    // preClose: before the database handle is closed by whoever owns it.
    app.addHook('preClose', async () => dispatcher.stop())
    app.addHook('onClose', async () => {
      await transport.close?.()
    })
  },
  { name: 'mailer' },
)
