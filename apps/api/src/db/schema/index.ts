/**
 * Database schema (Drizzle), one file per owner: a domain (modules/<name>/) or an infrastructure
 * helper (lib/<name>/) of the same name, whose repositories alone write its tables
 * (docs/architecture.md#who-owns-which-table). Money is always integer centavos; timestamps are
 * timestamptz. drizzle-kit reads this index to generate migrations.
 */
export * from './accounts.js'
export * from './audit.js'
export * from './catalogue.js'
export * from './commerce.js'
export * from './communication.js'
export * from './content.js'
export * from './insights.js'
export * from './limits.js'
export * from './listening.js'
export * from './mail.js'
export * from './payment-sandbox.js'
export * from './practice.js'
export * from './sessions.js'
