/**
 * Starts the reminder scheduler (reminder-scheduler.ts) when the server is ready and stops it
 * before the database closes. Registered by server.ts only: API tests build the app without it and
 * call runDueReminders themselves with the time they choose.
 */
import fp from 'fastify-plugin'
import { pushSenderFromConfig } from './push-sender.js'
import { createReminderScheduler, runDueReminders } from './reminder-scheduler.js'

export const reminderSchedulerPlugin = fp(
  async (app) => {
    const log = app.log.child({ module: 'lembretes' })
    const deps = { db: app.database.db, mailer: app.mailer, push: pushSenderFromConfig(app.config), publicUrl: app.config.publicUrl, log }
    const scheduler = createReminderScheduler({
      run: () => runDueReminders(deps, app.clock.now()),
      intervalMs: app.config.reminders.intervalSeconds * 1000,
      log,
    })
    app.addHook('onReady', async () => scheduler.start())
    // preClose: the pass in progress finishes before the database handle is closed.
    app.addHook('preClose', async () => scheduler.stop())
  },
  { name: 'reminder-scheduler', dependencies: ['mailer'] },
)
