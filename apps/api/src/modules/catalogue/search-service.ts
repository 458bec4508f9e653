import { SEARCH_MAX_RESULTS, formatDuration, type SearchResult } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { searchAudios, searchFields, searchTranscripts } from './search-repository.js'

const normaliseSpaces = (typed: string) => typed.replace(/\s+/g, ' ')

/**
 * Queries that always give the same results share one cached answer: case and runs of whitespace
 * never change what `search` finds or how it ranks it.
 */
export function searchCacheKey(typed: string): string {
  return `search:${normaliseSpaces(typed).toLowerCase()}`
}

interface Ranked {
  exact: boolean
  /** Found by the transcript only: after every match of a title, description or tag. */
  byTranscript: boolean
  sortKey: string
  result: SearchResult
}

function compare(a: Ranked, b: Ranked): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1
  if (a.byTranscript !== b.byTranscript) return a.byTranscript ? 1 : -1
  if (a.sortKey !== b.sortKey) return a.sortKey < b.sortKey ? -1 : 1
  // Same title: fields before audios, then by id, so the order is stable.
  if (a.result.type !== b.result.type) return a.result.type === 'field' ? -1 : 1
  return a.result.id < b.result.id ? -1 : a.result.id > b.result.id ? 1 : 0
}

/**
 * Listener search (docs/product/listening.md#search): fields by title or description, audios by
 * title or tags, then audios by their transcript alone, accent- and case-insensitive; exact title
 * matches first, then alphabetical, the transcript-only matches after the others; at most
 * SEARCH_MAX_RESULTS. `typed` is already trimmed and at least SEARCH_MIN_CHARS long (the
 * route's schema).
 *
 * Every run of whitespace in the query (spaces, tabs, line breaks) counts as one space, so
 * "calma␣␣foco" (two spaces) finds "Calma foco". It is also what keeps a tag match inside one tag:
 * the stored tags are joined by a line break (migration 0008), which the query then never holds.
 */
export async function search(db: Database, typed: string): Promise<SearchResult[]> {
  const query = normaliseSpaces(typed)
  // Each list is already in the final order, so the overall top N lies within each one's top N.
  const [fieldRows, audioRows, transcriptRows] = await Promise.all([
    searchFields(db, query, SEARCH_MAX_RESULTS),
    searchAudios(db, query, SEARCH_MAX_RESULTS),
    searchTranscripts(db, query, SEARCH_MAX_RESULTS),
  ])
  const audioResult = (row: (typeof transcriptRows)[number], inTranscript: boolean) => ({
    type: 'audio' as const,
    id: row.id,
    title: row.title,
    fieldId: row.fieldId,
    fieldTitle: row.fieldTitle,
    tags: row.tags,
    duration: formatDuration(row.durationSeconds),
    inTranscript,
  })
  const ranked: Ranked[] = [
    ...fieldRows.map((row) => ({
      exact: Boolean(row.exact),
      byTranscript: false,
      sortKey: row.sortKey,
      result: { type: 'field' as const, id: row.id, title: row.title, description: row.description, iconName: row.iconName },
    })),
    ...audioRows.map((row) => ({ exact: Boolean(row.exact), byTranscript: false, sortKey: row.sortKey, result: audioResult(row, false) })),
    // Never exact: an exact title is a title match, which the transcript query leaves out.
    ...transcriptRows.map((row) => ({ exact: false, byTranscript: true, sortKey: row.sortKey, result: audioResult(row, true) })),
  ]
  return ranked.sort(compare).slice(0, SEARCH_MAX_RESULTS).map((entry) => entry.result)
}
