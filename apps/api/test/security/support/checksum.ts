import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../../src/db/client.js'

/**
 * Tables a refused or invalid call may legitimately change: refusals are audited by design,
 * Better Auth may refresh a session row it reads, and a limited route counts every request, refused
 * or not (ADR 020). Everything else must stay byte for byte equal.
 */
const EXPECTED_TO_CHANGE = new Set(['audit_log', 'session', 'rate_limit_counters'])

/**
 * One md5 over the contents of every table of the application schema (rows sorted by their text
 * form, so physical order does not matter). Two equal checksums mean no row was added, removed or
 * changed anywhere outside EXPECTED_TO_CHANGE.
 */
export async function databaseChecksum(db: Database): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const parts: string[] = []
  for (const { name } of tables) {
    if (EXPECTED_TO_CHANGE.has(name)) continue
    const [row] = await rowsOf<{ digest: string | null }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
    )
    parts.push(`${name}:${row?.digest ?? ''}`)
  }
  return parts.join(';')
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
