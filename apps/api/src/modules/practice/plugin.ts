/**
 * The daily practice's routes by audience (docs/product/practice.md): listeners' programmes, today
 * and progress; the check-ins and the Diário; admins' programme editor and insights; reminders (push subscriptions, the e-mail
 * unsubscribe, the scheduler); and, outside production, the test clock.
 */
import type { FastifyPluginAsync } from 'fastify'
import { practiceRoutesListener } from './listener-routes.js'
import { practiceRoutesAdmin } from './admin-routes.js'
import { reminderRoutes } from './reminder-routes.js'
import { practiceInternalRoutes } from './internal-routes.js'
import { checkInRoutes } from './check-in-routes.js'

export const practiceModule: FastifyPluginAsync = async (app) => {
  await app.register(practiceRoutesListener)
  await app.register(practiceRoutesAdmin)
  await app.register(reminderRoutes)
  await app.register(checkInRoutes)
  await app.register(practiceInternalRoutes)
}
