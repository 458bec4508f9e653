import type { Database } from './client.js'

/**
 * Builds a query once per database and reuses it: Drizzle otherwise rebuilds the SQL text on
 * every call, which shows in the profile of queries that run on nearly every request (the sign-in
 * lookup, the subscription check; docs/performance.md). Use it with `.prepare(name)` and
 * `sql.placeholder()` for the values.
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>()
  return (db) => {
    let value = built.get(db)
    if (value === undefined) {
      value = build(db)
      built.set(db, value)
    }
    return value
  }
}
