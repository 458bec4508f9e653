/**
 * Query keys of this feature, in a module of their own: the realtime sync (app/realtime) imports
 * them without pulling the player into the first load.
 */
export const transcriptKeys = {
  all: ['transcripts'] as const,
  of: (audioId: string) => ['transcripts', audioId] as const,
}
