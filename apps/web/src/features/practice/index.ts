/** Public API of the daily practice (docs/product/practice.md). Route modules import from here only. */
export { practiceKeys } from './keys'
export {
  preferencesQueryOptions,
  programQueryOptions,
  programsQueryOptions,
  progressQueryOptions,
  todayQueryOptions,
  useProgramActions,
  useStartProgram,
  useStartSuggestedProgram,
  useUpdatePreferences,
} from './api/practice-api'
export { ProgramsPage, ProgramCard, type ProgramsPageProps } from './components/programs-page'
export { ProgramPage, type ProgramPageProps } from './components/program-page'
export { TodayCard, TodayCardView } from './components/today-card'
export { DashboardPrograms } from './components/dashboard-programs'
export { TodaySession, type SessionPlayerSlotProps, type SessionPractice, type SessionQueueItem, type TodaySessionProps } from './components/today-session'
export { ProgressPage, type ProgressPageProps } from './components/progress-page'
export { readAutoStart, TODAY_AUTOSTART_STATE } from './lib/session'
