import { z } from 'zod'
import { PRACTICE_MSG } from './practice-messages.js'

/** The listener's practice settings: time zone, the streak counter, reminders (docs/product/practice.md#reminders). */
export const REMINDER_CHANNELS = ['push', 'email'] as const
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number]

/** Weekdays as JavaScript numbers them: 0 Sunday … 6 Saturday. */
export const WEEKDAY_LABELS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'

/**
 * A reminder missed while the server was down is still sent within this many minutes of its
 * time, once; later it is skipped (a 7 a.m. reminder at noon helps nobody).
 */
export const REMINDER_GRACE_MINUTES = 120

export const reminderTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Horário inválido (use HH:MM)' })

export const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  time: reminderTimeSchema,
  weekdays: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .refine((days) => new Set(days).size === days.length, { error: 'Dias repetidos' }),
  channels: z.array(z.enum(REMINDER_CHANNELS)).max(2),
})
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>

export const practicePreferencesSchema = z.object({
  timeZone: z.string(),
  /** False until the listener (or the browser, on first use) set a time zone. */
  timeZoneChosen: z.boolean(),
  hideStreak: z.boolean(),
  reminders: reminderSettingsSchema,
  /** How many browsers of this listener receive push reminders. */
  pushDevices: z.number().int().nonnegative(),
})
export type PracticePreferences = z.infer<typeof practicePreferencesSchema>

export const practicePreferencesUpdateSchema = z
  .object({
    timeZone: z.string().min(1).max(64).optional(),
    hideStreak: z.boolean().optional(),
    reminders: reminderSettingsSchema.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: PRACTICE_MSG.nothingToUpdate })
  .refine((value) => !value.reminders?.enabled || value.reminders.weekdays.length > 0, {
    error: 'Escolha pelo menos um dia da semana',
    path: ['reminders', 'weekdays'],
  })
  .refine((value) => !value.reminders?.enabled || value.reminders.channels.length > 0, {
    error: 'Escolha como quer ser lembrado',
    path: ['reminders', 'channels'],
  })
export type PracticePreferencesUpdate = z.infer<typeof practicePreferencesUpdateSchema>

/** The browser's PushSubscription.toJSON(), as the service worker's push manager gives it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  })
  .strip()
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(2048) }).strict()

export const pushKeySchema = z.object({ publicKey: z.string() })

/** `opened`: true when this call recorded the opening, false when it had been recorded before. */
export const reminderOpenedSchema = z.object({ opened: z.boolean() })

/** The e-mail reminder's unsubscribe link (no login): the secret token of the listener's preferences. */
export const reminderUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) })

/** POST of the one-click unsubscribe (RFC 8058) answers this; the GET redirects to /lembretes/cancelados. */
export const reminderUnsubscribedSchema = z.object({ message: z.string() })

/** The notification a push reminder shows; the service worker reads it from the push's data. */
export const reminderPushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
})
export type ReminderPushPayload = z.infer<typeof reminderPushPayloadSchema>
