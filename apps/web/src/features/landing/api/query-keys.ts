/**
 * Query keys of this feature, in a module of their own: the realtime sync (app/realtime) imports
 * them without pulling the feature's pages and schemas into the first load.
 */
export const landingKeys = {
  content: ['landing'] as const,
  fields: ['fields', 'public'] as const,
}

export const planKeys = {
  public: ['plans', 'public'] as const,
}
