import { asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.js'
import { audios, fields } from '../../db/schema.js'

/** Escapes LIKE wildcards so '%', '_' and '\' in the query match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** Accent- and case-insensitive form used by the trigram indexes (migration 0004). */
const normalised = (column: AnyPgColumn | SQL) => sql`immutable_unaccent(lower(${column}))`
const contains = (column: AnyPgColumn | SQL, pattern: string) =>
  sql`${normalised(column)} ilike '%' || immutable_unaccent(lower(${pattern})) || '%'`
const isExactTitle = (column: AnyPgColumn, query: string) => sql<boolean>`${normalised(column)} = immutable_unaccent(lower(${query}))`

/**
 * Fields whose title or description contains the query; exact (normalised) title matches first,
 * then alphabetical by the normalised title (byte order, the same on every engine).
 */
export async function searchFields(db: Database, query: string, limit: number) {
  const pattern = escapeLike(query)
  return db
    .select({
      id: fields.id,
      title: fields.title,
      description: fields.description,
      iconName: fields.iconName,
      sortKey: sql<string>`${normalised(fields.title)}`,
      exact: isExactTitle(fields.title, query),
    })
    .from(fields)
    .where(sql`${contains(fields.title, pattern)} or ${contains(fields.description, pattern)}`)
    .orderBy(desc(isExactTitle(fields.title, query)), sql`${normalised(fields.title)} collate "C"`, asc(fields.id))
    .limit(limit)
}

/** Audios whose title or any tag contains the query, ordered like searchFields. */
export async function searchAudios(db: Database, query: string, limit: number) {
  const pattern = escapeLike(query)
  return db
    .select({
      id: audios.id,
      title: audios.title,
      fieldId: audios.fieldId,
      fieldTitle: fields.title,
      tags: audios.tags,
      durationSeconds: audios.durationSeconds,
      sortKey: sql<string>`${normalised(audios.title)}`,
      exact: isExactTitle(audios.title, query),
    })
    .from(audios)
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .where(
      // The joined-tags condition lets the planner combine two trigram indexes (migration 0007);
      // the exists() keeps the rule exact: one tag must contain the query.
      sql`${contains(audios.title, pattern)} or (${sql`immutable_unaccent_tags(${audios.tags})`} ilike '%' || immutable_unaccent(lower(${pattern})) || '%' and exists (select 1 from unnest(${audios.tags}) as t(tag) where ${contains(sql`t.tag`, pattern)}))`,
    )
    .orderBy(desc(isExactTitle(audios.title, query)), sql`${normalised(audios.title)} collate "C"`, asc(audios.id))
    .limit(limit)
}
