import { timestamp } from 'drizzle-orm/pg-core'

/** Every table's timestamps are timestamptz; created_at/updated_at default to now(). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
export const ts = (name: string) => timestamp(name, { withTimezone: true })
