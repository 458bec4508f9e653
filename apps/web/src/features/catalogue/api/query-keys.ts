/**
 * Query keys of this feature, in a module of their own: the realtime sync (app/realtime) imports
 * them without pulling the feature's pages and schemas into the first load.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  field: (fieldId: string) => ['catalogue', 'field', fieldId] as const,
  fieldAudios: (fieldId: string) => ['catalogue', 'field', fieldId, 'audios'] as const,
  audio: (audioId: string) => ['catalogue', 'audio', audioId] as const,
}
