import { sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from './client.js'
import { rowsOf } from './rows.js'

/**
 * Points one row's `cover_image` at a new image (or none) and says what it pointed at before, in
 * one statement (the row is locked while read); undefined when there is no such row. Each domain's
 * repository calls it for its own table (docs/product/covers.md).
 */
export async function swapCoverImage(
  db: Database,
  table: PgTable & { id: PgColumn; coverImage: PgColumn; updatedAt: PgColumn },
  id: string,
  imageId: string | null,
): Promise<{ previous: string | null } | undefined> {
  const result = await db.execute(sql`
    with old as (select ${table.id} as id, ${table.coverImage} as previous from ${table} where ${table.id} = ${id} for update)
    update ${table} set cover_image = ${imageId}, updated_at = now() from old
    where ${table.id} = old.id
    returning old.previous
  `)
  const [row] = rowsOf<{ previous: string | null }>(result)
  return row ? { previous: row.previous } : undefined
}
