/**
 * Query keys of this feature, in a module of their own: the realtime sync (app/realtime) imports
 * them without pulling the feature's pages and schemas into the first load.
 */
export const signedInKeys = { all: ['signed-in'] as const }
