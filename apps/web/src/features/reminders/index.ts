/** Public API of the practice reminders (docs/product/practice.md#reminders). Route modules import from here only. */
export { ReminderSettings, type ReminderSettingsProps } from './components/reminder-settings'
export { RemindersUnsubscribedPage } from './components/reminders-unsubscribed-page'
export { REMINDER_QUERY_PARAM, useReminderOpened } from './hooks/use-reminder-opened'
