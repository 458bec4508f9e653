import type { AdminAudio, AdminProgram, Field } from '@sintonia/contract'
import type { AudioInfo } from './editor'

export interface AudioGroup {
  label: string
  audios: AudioInfo[]
}

const byTitle = (a: AudioInfo, b: AudioInfo) => a.title.localeCompare(b.title, 'pt-BR')

/**
 * Every audio the editor knows: the catalogue's (when loaded) and, in any case, the ones the
 * programme already uses (so its days show their titles and minutes before the catalogue arrives).
 */
export function audioIndex(program: AdminProgram, catalogue: readonly AdminAudio[] | undefined): Map<string, AudioInfo> {
  const index = new Map<string, AudioInfo>()
  for (const day of program.days) {
    for (const item of day.items) index.set(item.audioId, { id: item.audioId, title: item.audioTitle, fieldTitle: item.fieldTitle, durationSeconds: item.durationSeconds })
  }
  for (const audio of catalogue ?? []) index.set(audio.id, { id: audio.id, title: audio.title, fieldTitle: audio.fieldTitle, durationSeconds: audio.durationSeconds })
  return index
}

/**
 * The picker's groups: one per field in the fields' display order, audios by title; audios of a
 * field the list does not know (yet) go under their field's title at the end.
 */
export function groupByField(catalogue: readonly AdminAudio[], fields: readonly Field[], known: ReadonlyMap<string, AudioInfo>): AudioGroup[] {
  const groups: AudioGroup[] = []
  const placed = new Set<string>()
  for (const field of [...fields].sort((a, b) => a.displayOrder - b.displayOrder)) {
    const audios = catalogue.filter((audio) => audio.fieldId === field.id).map((audio) => known.get(audio.id)!)
    audios.forEach((audio) => placed.add(audio.id))
    if (audios.length > 0) groups.push({ label: field.title, audios: audios.sort(byTitle) })
  }
  const rest = new Map<string, AudioInfo[]>()
  for (const audio of known.values()) {
    if (placed.has(audio.id)) continue
    rest.set(audio.fieldTitle, [...(rest.get(audio.fieldTitle) ?? []), audio])
  }
  for (const [label, audios] of rest) groups.push({ label, audios: audios.sort(byTitle) })
  return groups
}
