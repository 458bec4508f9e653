/** Public API of the Diário (docs/product/practice.md#check-ins-and-the-diario). Route modules import from here only. */
export { journalKeys } from './keys'
export { PRACTICE_CSV_URL } from './api/journal-api'
export { CheckInCard, type CheckInPractice } from './components/check-in-card'
export { CheckInSheet } from './components/check-in-sheet'
export { MoodBefore } from './components/mood-before'
export { DiaryPage, type DiaryPageProps } from './components/diary-page'
export { WeekChart } from './components/week-chart'
export { PracticeExport } from './components/practice-export'
