import { SEARCH_MIN_CHARS, type Field, type SearchResult } from '@sintonia/contract'

/** '1 áudio disponível' / '3 áudios disponíveis' (product rule: '{n} áudio(s) disponível(is)'). */
export function availableAudiosLabel(count: number): string {
  return count === 1 ? '1 áudio disponível' : `${count} áudios disponíveis`
}

/** The server search's reading of a text (docs/product/listening.md#search): no accents, no case, runs of spaces as one. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** The grid under the search box: fields whose title or description match (accent-insensitive). */
export function filterFields(fields: Field[], query: string): Field[] {
  const q = fold(query)
  if (q.length < SEARCH_MIN_CHARS) return fields
  return fields.filter((f) => fold(f.title).includes(q) || fold(f.description).includes(q))
}

/** What the search box reported for the text typed: the server's results once they are in. */
export interface DashboardSearchOutcome {
  /** The trimmed text these results answer. */
  query: string
  status: 'idle' | 'searching' | 'done' | 'error'
  results: readonly SearchResult[]
}

export interface FieldMatch {
  field: Field
  /** Audios of this field the search found (in the server's order); empty when the field itself matched. */
  audios: { id: string; title: string }[]
}

export interface FieldGrid {
  matches: FieldMatch[]
  /** Nothing matched yet, but the server's answer for this text is still on its way. */
  pending: boolean
}

/**
 * The grid agrees with the search dropdown (docs/product/listening.md#dashboard-dashboard): a
 * field shows when its title or description holds the text, when the server found it, or when
 * it holds an audio the server found — that one is named on its card. In the admins' order.
 */
export function searchFieldGrid(fields: Field[], query: string, outcome: DashboardSearchOutcome | null): FieldGrid {
  const trimmed = query.trim()
  if (fold(trimmed).length < SEARCH_MIN_CHARS) return { matches: fields.map((field) => ({ field, audios: [] })), pending: false }
  const answered = outcome !== null && outcome.query === trimmed && outcome.status === 'done'
  const foundFields = new Set<string>()
  const foundAudios = new Map<string, FieldMatch['audios']>()
  if (answered) {
    for (const result of outcome.results) {
      if (result.type === 'field') foundFields.add(result.id)
      else foundAudios.set(result.fieldId, [...(foundAudios.get(result.fieldId) ?? []), { id: result.id, title: result.title }])
    }
  }
  const local = new Set(filterFields(fields, trimmed).map((field) => field.id))
  const matches = fields
    .filter((field) => local.has(field.id) || foundFields.has(field.id) || foundAudios.has(field.id))
    .map((field) => ({ field, audios: foundAudios.get(field.id) ?? [] }))
  // A search box that reports nothing (or failed) leaves the grid to the local match alone.
  const pending = matches.length === 0 && outcome !== null && !answered && outcome.status !== 'error'
  return { matches, pending }
}
