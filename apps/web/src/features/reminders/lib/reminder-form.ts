/**
 * The reminder settings as the form edits them (docs/product/practice.md#reminders): checks in
 * pt-BR before anything is sent, and what stands between this device and push reminders.
 */
import { REMINDER_CHANNELS, type PracticePreferences, type ReminderChannel, type ReminderSettings } from '@sintonia/contract'

export interface ReminderDraft {
  enabled: boolean
  time: string
  weekdays: number[]
  channels: ReminderChannel[]
}

export const EVERY_WEEKDAY = [0, 1, 2, 3, 4, 5, 6]

export function draftOf(preferences: PracticePreferences): ReminderDraft {
  const { enabled, time, weekdays, channels } = preferences.reminders
  return { enabled, time, weekdays: [...weekdays].sort(), channels: REMINDER_CHANNELS.filter((channel) => channels.includes(channel)) }
}

export function toSettings(draft: ReminderDraft): ReminderSettings {
  return { enabled: draft.enabled, time: draft.time, weekdays: [...draft.weekdays].sort(), channels: [...draft.channels] }
}

export const REMINDER_FORM_MSG = {
  time: 'Informe o horário no formato HH:MM (por exemplo, 07:30).',
  weekdays: 'Escolha pelo menos um dia da semana.',
  channels: 'Escolha como quer ser lembrado: notificação no aparelho, e-mail ou os dois.',
} as const

export type ReminderFormErrors = Partial<Record<'time' | 'weekdays' | 'channels', string>>

/** The form's own checks; reminders turned off need none (their settings are kept as they are). */
export function validateDraft(draft: ReminderDraft): ReminderFormErrors {
  if (!draft.enabled) return {}
  const errors: ReminderFormErrors = {}
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) errors.time = REMINDER_FORM_MSG.time
  if (draft.weekdays.length === 0) errors.weekdays = REMINDER_FORM_MSG.weekdays
  if (draft.channels.length === 0) errors.channels = REMINDER_FORM_MSG.channels
  return errors
}

export function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item]
}

/** What this device can do about push notifications. */
export interface PushSupport {
  /** Service worker, PushManager and Notification all exist. */
  supported: boolean
  /** iPhone or iPad (iPadOS reports itself as a Mac with touch). */
  ios: boolean
  /** Running as the installed app (display-mode standalone). */
  standalone: boolean
  permission: NotificationPermission | 'unsupported'
}

/**
 * Why push reminders cannot be turned on here, or null when the browser may be asked.
 * - 'ios-install': iPhone/iPad Safari delivers Web Push only to an app added to the home screen.
 * - 'unsupported': this browser has no push notifications.
 * - 'denied': the listener (or the browser) refused the permission; only the browser's settings can undo it.
 */
export type PushBlocker = 'ios-install' | 'unsupported' | 'denied'

export function pushBlocker(support: PushSupport): PushBlocker | null {
  if (support.ios && !support.standalone) return 'ios-install'
  if (!support.supported) return 'unsupported'
  if (support.permission === 'denied') return 'denied'
  return null
}
