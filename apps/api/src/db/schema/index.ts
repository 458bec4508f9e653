/**
 * Database schema (Drizzle), one file per domain; each domain's repositories own its tables
 * (docs/architecture.md). Money is always integer centavos; timestamps are timestamptz.
 * drizzle-kit reads this index to generate migrations.
 */
export * from './accounts.js'
export * from './catalogue.js'
export * from './commerce.js'
export * from './communication.js'
export * from './content.js'
export * from './insights.js'
export * from './limits.js'
export * from './listening.js'
export * from './payment-sandbox.js'
export * from './practice.js'
export * from './sessions.js'
