/** Query keys of the Diário: the entries (pages) and the weeks of the chart. */
export const journalKeys = {
  all: ['journal'] as const,
  entries: ['journal', 'entries'] as const,
  week: (end: string | null) => ['journal', 'week', end ?? 'today'] as const,
}
