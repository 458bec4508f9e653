import { SEARCH_MIN_CHARS, type Field } from '@sintonia/contract'

/** '1 áudio disponível' / '3 áudios disponíveis' (product rule: '{n} áudio(s) disponível(is)'). */
export function availableAudiosLabel(count: number): string {
  return count === 1 ? '1 áudio disponível' : `${count} áudios disponíveis`
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
}

/** The grid under the search box: fields whose title or description match (accent-insensitive). */
export function filterFields(fields: Field[], query: string): Field[] {
  const q = fold(query.trim())
  if (q.length < SEARCH_MIN_CHARS) return fields
  return fields.filter((f) => fold(f.title).includes(q) || fold(f.description).includes(q))
}
