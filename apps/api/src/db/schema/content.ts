/**
 * Content: the landing page's sections and the app settings (product name, support e-mail, guarantee days).
 */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns.js'

/** Landing content rows keyed by section ('landing_page', 'videos'); content is validated on read and write. */
export const landingContent = pgTable('landing_content', {
  section: text('section').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: updatedAt(),
})

/** Product-wide settings an admin can change (product name, guarantee days, support e-mail). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})
