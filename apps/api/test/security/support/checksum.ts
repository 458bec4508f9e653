import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../../src/db/client.js'

/**
 * Tables a refused or invalid call may legitimately change: refusals are audited by design,
 * Better Auth may refresh a session row it reads, and a limited route counts every request, refused
 * or not (ADR 020). Everything else must stay byte for byte equal.
 */
const EXPECTED_TO_CHANGE = new Set(['audit_log', 'session', 'rate_limit_counters'])

/**
 * Tables whose background work moves on by itself, whatever a call does: only these columns count.
 * The mail dispatcher claims and sends the outbox's rows on its own schedule — a mail delivered
 * meanwhile is not a change the call made; a new or altered mail is.
 */
const COUNTED_COLUMNS: Record<string, string[]> = {
  email_outbox: ['id', 'to_address', 'subject', 'text_body', 'html_body', 'reply_to', 'headers', 'kind', 'created_at'],
}

/** The application's tables, read once per database: migrations ran before any test. */
const tablesOf = new WeakMap<Database, Promise<string[]>>()

function checkedTables(db: Database): Promise<string[]> {
  let tables = tablesOf.get(db)
  if (!tables) {
    tables = rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ).then((rows) => rows.map((row) => row.name).filter((name) => !EXPECTED_TO_CHANGE.has(name)))
    tablesOf.set(db, tables)
  }
  return tables
}

/**
 * One md5 over the contents of every table of the application schema (rows sorted by their text
 * form, so physical order does not matter). Two equal checksums mean no row was added, removed or
 * changed anywhere outside EXPECTED_TO_CHANGE. One query for all tables: the route matrix takes
 * hundreds of checksums, and a round trip per table was most of its time.
 */
export async function databaseChecksum(db: Database): Promise<string> {
  const tables = await checkedTables(db)
  const digests = sql.join(
    tables.map((name) => {
      const columns = COUNTED_COLUMNS[name]
      const rows = columns ? sql`(select ${sql.join(columns.map((column) => sql.identifier(column)), sql`, `)} from ${sql.identifier(name)})` : sql.identifier(name)
      return sql`select ${name}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${rows} t`
    }),
    sql` union all `,
  )
  const rows = await rowsOf<{ name: string; digest: string | null }>(db, digests)
  const byName = new Map(rows.map((row) => [row.name, row.digest ?? '']))
  return tables.map((name) => `${name}:${byName.get(name) ?? ''}`).join(';')
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** The tables whose part of two checksums differs (for a readable failure message). */
export function changedTables(before: string, after: string): string[] {
  const map = (value: string) => new Map(value.split(';').map((part) => part.split(':') as [string, string]))
  const a = map(before)
  const b = map(after)
  return [...new Set([...a.keys(), ...b.keys()])].filter((name) => a.get(name) !== b.get(name))
}
