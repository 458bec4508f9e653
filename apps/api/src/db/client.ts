import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../paths.js'
import * as schema from './schema/index.js'

export type Schema = typeof schema
/** Both engines expose the same Drizzle query API; code is written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseEngine = 'pglite' | 'postgres'

/** Sends one notification payload on a channel, or listens to one. Used by the realtime bus. */
export interface DatabaseNotifications {
  notify(channel: string, payload: string): Promise<void>
  /**
   * LISTENs on `channel`; resolves to an unlisten function. On PostgreSQL the LISTEN holds one
   * pool connection; when that connection drops (server restart, terminated backend) `onLost` is
   * called once and the caller must listen again. PGlite is in-process and never loses it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: (error: Error) => void): Promise<() => Promise<void>>
}

export interface DatabaseHandle {
  engine: DatabaseEngine
  db: Database
  notifications: DatabaseNotifications
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<void>
  migrate(): Promise<void>
  /**
   * Runs `work` while no other process on this database runs its own: on PostgreSQL a session
   * advisory lock, so several instances started at once migrate and seed one after the other
   * (docs/deploy.md); PGlite belongs to one process and simply runs it.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** The advisory lock key of start-up work (migrations, the demo seed): any constant shared by every instance. */
const STARTUP_LOCK_KEY = 740_321_977

export const PGLITE_EXTENSIONS = { unaccent, pg_trgm }

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined
  /** PGlite data directory; `undefined` keeps the database in memory. */
  pgliteDataDir?: string | undefined
  /** An already-open PGlite (tests clone a migrated template into one). */
  pglite?: PGlite
  onPoolError?: (error: Error) => void
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onPoolError)
  let client = options.pglite
  if (!client) {
    if (options.pgliteDataDir) mkdirSync(options.pgliteDataDir, { recursive: true })
    client = await PGlite.create({ dataDir: options.pgliteDataDir, extensions: PGLITE_EXTENSIONS })
  }
  return wrapPglite(client)
}

function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database
  return {
    engine: 'pglite',
    db,
    notifications: {
      async notify(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload])
      },
      async listen(channel, onPayload) {
        const unlisten = await client.listen(channel, onPayload)
        return unlisten
      },
    },
    async ping() {
      await client.query('select 1')
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })
    },
    exclusively(work) {
      return work()
    },
    async close() {
      if (!client.closed) await client.close()
    },
  }
}

async function openPostgres(connectionString: string, onPoolError?: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 })
  // An idle client can fail when the server restarts; without a listener that error would crash the process.
  pool.on('error', (error) => onPoolError?.(error))
  // A checked-out client (inside a transaction, between two queries) reports a lost connection on
  // itself, not on the pool; the query that uses it next fails and answers 503, but the event
  // itself must not crash the process. Seen when PostgreSQL stops (test/faults).
  pool.on('connect', (client) => {
    client.on('error', (error) => onPoolError?.(error))
  })
  const db = drizzlePg({ client: pool, schema }) as unknown as Database
  /** LISTEN connections held out of the pool, each with the function that ends it quietly. */
  const listeners = new Map<pg.PoolClient, () => void>()
  // A LISTEN that is still connecting when close() runs must not keep a client out of the pool:
  // pool.end() would wait for it forever.
  let closed = false
  const refuseWhenClosed = (client: pg.PoolClient) => {
    if (!closed) return
    client.release()
    throw new Error('banco de dados fechado')
  }
  return {
    engine: 'postgres',
    db,
    notifications: {
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload])
      },
      async listen(channel, onPayload, onLost) {
        const quoted = `"${channel.replaceAll('"', '""')}"`
        const client = await pool.connect()
        refuseWhenClosed(client)
        // Once ended (unlisten, close) or lost, later 'error'/'end' events of this client are ignored.
        let finished = false
        const lose = (error: Error) => {
          if (finished) return
          finished = true
          listeners.delete(client)
          // Releasing with an error destroys the broken client instead of returning it to the pool.
          client.release(error)
          onPoolError?.(error)
          onLost?.(error)
        }
        listeners.set(client, () => {
          finished = true
        })
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
        })
        // Without an error listener a dropped LISTEN connection would crash the process.
        client.on('error', lose)
        client.on('end', () => lose(new Error('conexão LISTEN encerrada')))
        try {
          await client.query(`LISTEN ${quoted}`)
          if (closed) throw new Error('banco de dados fechado')
        } catch (error) {
          if (finished) throw error
          finished = true
          listeners.delete(client)
          client.release(error instanceof Error ? error : true)
          throw error
        }
        return async () => {
          if (finished) return
          finished = true
          listeners.delete(client)
          try {
            await client.query(`UNLISTEN ${quoted}`)
            client.release()
          } catch (error) {
            client.release(error instanceof Error ? error : true)
          }
        }
      },
    },
    async ping() {
      await pool.query('select 1')
    },
    async migrate() {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR })
    },
    async exclusively(work) {
      // The lock belongs to one connection: held out of the pool for as long as the work runs.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
        try {
          return await work()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY])
        }
      } finally {
        client.release()
      }
    },
    async close() {
      closed = true
      for (const [client, finish] of listeners) {
        finish()
        client.release()
      }
      listeners.clear()
      await pool.end()
    },
  }
}
