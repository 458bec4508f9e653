/** Rows of a `db.execute()` result on either driver (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** Optional created_at-style bounds; `to` given as a bare date includes that whole day. */
export function boundsOf(range: { from?: string | undefined; to?: string | undefined }): { from: Date | null; to: Date | null } {
  const from = range.from ? new Date(range.from) : null
  let to = range.to ? new Date(range.to) : null
  if (to && range.to && /^\d{4}-\d{2}-\d{2}$/.test(range.to)) to = new Date(to.getTime() + 24 * 60 * 60 * 1000)
  return { from, to }
}
