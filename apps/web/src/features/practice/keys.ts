/** Query keys of the daily practice: programmes, today's session, progress, preferences. */
export const practiceKeys = {
  all: ['practice'] as const,
  programs: ['practice', 'programs'] as const,
  program: (slug: string) => ['practice', 'program', slug] as const,
  today: ['practice', 'today'] as const,
  progress: ['practice', 'progress'] as const,
  preferences: ['practice', 'preferences'] as const,
}
