import { TAG_CHIPS_MAX, AUDIO_CARD_VISIBLE_TAGS } from './constants'

/** The tag chips of a field: unique tags, sorted alphabetically (pt-BR), at most 10. */
export function collectTags(audios: ReadonlyArray<{ tags: readonly string[] }>, max = TAG_CHIPS_MAX): string[] {
  const unique = new Set<string>()
  for (const audio of audios) for (const tag of audio.tags) if (tag.trim()) unique.add(tag.trim())
  return [...unique].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })).slice(0, max)
}

/** An audio matches when it has ANY selected tag; no selection shows everything. */
export function filterByTags<T extends { tags: readonly string[] }>(audios: readonly T[], selected: ReadonlySet<string> | readonly string[]): T[] {
  const wanted = selected instanceof Set ? selected : new Set(selected as readonly string[])
  if (wanted.size === 0) return [...audios]
  return audios.filter((audio) => audio.tags.some((tag) => wanted.has(tag.trim())))
}

/** The tags a card shows (2) and how many are left for the '+N' chip. */
export function visibleTags(tags: readonly string[], visible = AUDIO_CARD_VISIBLE_TAGS): { shown: string[]; hidden: number } {
  return { shown: tags.slice(0, visible), hidden: Math.max(0, tags.length - visible) }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The field id must be a UUID, checked before any request. */
export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && UUID_RE.test(value)
}
