import { asc, desc, eq, sql, type Placeholder } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.js'
import { perDatabase } from '../../db/prepared.js'
import { audios, audioTranscripts, fields } from '../../db/schema/index.js'

/**
 * Accent- and case-insensitive form of a text, the same as the audios' stored search_title
 * (migration 0008): lowered again after unaccent, which turns a few symbols into capitals.
 */
const normalised = (value: AnyPgColumn | Placeholder | string) => sql`lower(immutable_unaccent(lower(${value})))`

/**
 * "Contains the query" as a LIKE pattern over normalised text. The query is normalised first and
 * then its '%', '_' and '\' are escaped, so they match themselves, including those unaccent makes
 * out of '％', '＿' and '＼'. Computed once per search (a constant for the planner).
 */
const containsPattern = (query: Placeholder | string) =>
  sql`'%' || replace(replace(replace(${normalised(query)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`

/** The fields' trigram indexes are on immutable_unaccent(lower(…)) (migration 0004). */
const fieldText = (column: AnyPgColumn) => sql`immutable_unaccent(lower(${column}))`

/**
 * Fields whose title or description contains the query; exact (normalised) title matches first,
 * then alphabetical by the normalised title (byte order, the same on every engine). A tiny table:
 * it keeps its expression indexes and ILIKE.
 */
function searchFieldsQuery(db: Database, query: Placeholder | string, limit: Placeholder | number) {
  const pattern = containsPattern(query)
  const exact = sql<boolean>`${normalised(fields.title)} = ${normalised(query)}`
  return db
    .select({
      id: fields.id,
      title: fields.title,
      description: fields.description,
      iconName: fields.iconName,
      sortKey: sql<string>`${normalised(fields.title)}`,
      exact,
    })
    .from(fields)
    .where(sql`${fieldText(fields.title)} ilike ${pattern} or ${fieldText(fields.description)} ilike ${pattern}`)
    .orderBy(desc(exact), sql`${normalised(fields.title)} collate "C"`, asc(fields.id))
    .limit(limit)
}

/**
 * Audios whose title or any tag contains the query, ordered like searchFields. Reads only the
 * stored normalised columns (migration 0008) with a plain LIKE (they are all lower case): no
 * function runs per row. `query` must hold no line break (the service collapses whitespace): the
 * stored tags are joined by one, so the query can only match inside one tag.
 */
export function searchAudiosQuery(db: Database, query: Placeholder | string, limit: Placeholder | number) {
  const pattern = containsPattern(query)
  const exact = sql<boolean>`${audios.searchTitle} = ${normalised(query)}`
  return db
    .select({
      id: audios.id,
      title: audios.title,
      fieldId: audios.fieldId,
      fieldTitle: fields.title,
      tags: audios.tags,
      durationSeconds: audios.durationSeconds,
      sortKey: audios.searchTitle,
      exact,
    })
    .from(audios)
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .where(sql`${audios.searchTitle} like ${pattern} or ${audios.searchTags} like ${pattern}`)
    .orderBy(desc(exact), sql`${audios.searchTitle} collate "C"`, asc(audios.id))
    .limit(limit)
}

/**
 * Audios found by their transcript only (docs/product/listening.md#search): the stored, normalised
 * transcript (migration 0029, every run of whitespace one space) contains the query, and the title
 * and tags do not (those are searchAudiosQuery's). Read through the transcripts' trigram index;
 * ordered by the normalised title like the others.
 */
export function searchTranscriptsQuery(db: Database, query: Placeholder | string, limit: Placeholder | number) {
  const pattern = containsPattern(query)
  return db
    .select({
      id: audios.id,
      title: audios.title,
      fieldId: audios.fieldId,
      fieldTitle: fields.title,
      tags: audios.tags,
      durationSeconds: audios.durationSeconds,
      sortKey: audios.searchTitle,
    })
    .from(audioTranscripts)
    .innerJoin(audios, eq(audios.id, audioTranscripts.audioId))
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .where(sql`${audioTranscripts.searchText} like ${pattern} and not (${audios.searchTitle} like ${pattern} or ${audios.searchTags} like ${pattern})`)
    .orderBy(sql`${audios.searchTitle} collate "C"`, asc(audios.id))
    .limit(limit)
}

/*
 * The searches run as prepared statements: every distinct query is a new search (the catalogue
 * cache answers the repeated ones), and building the SQL text with Drizzle cost more CPU than
 * PostgreSQL took to plan and run it (docs/performance.md). After a few executions PostgreSQL may
 * keep one generic plan for all patterns; it still reads the trigram indexes
 * (search-tags-index.test.ts checks that plan too).
 */
const searchFieldsPrepared = perDatabase((db) =>
  searchFieldsQuery(db, sql.placeholder('query'), sql.placeholder('limit')).prepare('search_fields'),
)
const searchAudiosPrepared = perDatabase((db) =>
  searchAudiosQuery(db, sql.placeholder('query'), sql.placeholder('limit')).prepare('search_audios'),
)
const searchTranscriptsPrepared = perDatabase((db) =>
  searchTranscriptsQuery(db, sql.placeholder('query'), sql.placeholder('limit')).prepare('search_transcripts'),
)

export async function searchFields(db: Database, query: string, limit: number) {
  return searchFieldsPrepared(db).execute({ query, limit })
}

export async function searchAudios(db: Database, query: string, limit: number) {
  return searchAudiosPrepared(db).execute({ query, limit })
}

export async function searchTranscripts(db: Database, query: string, limit: number) {
  return searchTranscriptsPrepared(db).execute({ query, limit })
}
