/**
 * The daily practice (docs/product/practice.md): programmes and their days, enrolments and
 * completed days, the listener's practice preferences, push subscriptions and reminder deliveries.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './accounts.js'
import { audios } from './catalogue.js'
import { createdAt, ts, updatedAt } from './columns.js'

/** A programme: N days, listed to listeners once published. `slug` is its address (/programas/:slug). */
export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** "livre": every day open at once instead of one per calendar day. */
    isOpen: boolean('is_open').notNull().default(false),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** An uploaded cover (docs/product/covers.md); null shows the generated artwork. */
    coverImage: uuid('cover_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('programs_slug_key').on(t.slug)],
)

/** A day of a programme (1-based) with its intention text. */
export const programDays = pgTable(
  'program_days',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    intention: text('intention').notNull().default(''),
  },
  (t) => [primaryKey({ name: 'program_days_pk', columns: [t.programId, t.day] }), check('program_days_day_positive', sql`${t.day} >= 1`)],
)

/**
 * The audios of a day, in `position` order, each with its repetition count. An audio in a
 * programme cannot be deleted from the catalogue (restrict): the day would silently change.
 */
export const programDayItems = pgTable(
  'program_day_items',
  {
    programId: uuid('program_id').notNull(),
    day: integer('day').notNull(),
    position: integer('position').notNull(),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audios.id, { onDelete: 'restrict' }),
    repetitions: integer('repetitions').notNull(),
  },
  (t) => [
    primaryKey({ name: 'program_day_items_pk', columns: [t.programId, t.day, t.position] }),
    foreignKey({ name: 'program_day_items_day_fk', columns: [t.programId, t.day], foreignColumns: [programDays.programId, programDays.day] }).onDelete('cascade'),
    index('program_day_items_audio_id_idx').on(t.audioId),
    check('program_day_items_repetitions_range', sql`${t.repetitions} between 1 and 30`),
  ],
)

export const ENROLMENT_STATUS_VALUES = ['active', 'completed'] as const

/** A listener following a programme; at most one per listener and programme (restarting resets it). */
export const programEnrolments = pgTable(
  'program_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ENROLMENT_STATUS_VALUES }).notNull().default('active'),
    featured: boolean('featured').notNull().default(false),
    /** The listener's local date of enrolment: day 1 is open from then on. */
    enrolledOn: date('enrolled_on', { mode: 'string' }).notNull(),
    enrolledAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('program_enrolments_user_program_key').on(t.userId, t.programId),
    index('program_enrolments_program_id_idx').on(t.programId, t.enrolledAt),
    check('program_enrolments_status_known', sql`${t.status} in ('active', 'completed')`),
  ],
)

/** A day completed within an enrolment, on the listener's local date `completed_on`; once per day. */
export const programDayCompletions = pgTable(
  'program_day_completions',
  {
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => programEnrolments.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    completedOn: date('completed_on', { mode: 'string' }).notNull(),
    /**
     * The listener's zone `completed_on` is a date of: the next day opens only once this date has
     * ended there, whatever zone the listener picks next (practice/time-rule.ts). Null for days
     * done before it was kept (read in the listener's current zone).
     */
    timeZone: text('time_zone'),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'program_day_completions_pk', columns: [t.enrolmentId, t.day] })],
)

/** A listener's practice settings; created on first use with the defaults. */
export const practicePreferences = pgTable(
  'practice_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    timeZoneChosen: boolean('time_zone_chosen').notNull().default(false),
    hideStreak: boolean('hide_streak').notNull().default(false),
    remindersEnabled: boolean('reminders_enabled').notNull().default(false),
    /** Local time `HH:MM`. */
    reminderTime: text('reminder_time').notNull().default('08:00'),
    /** 0 Sunday … 6 Saturday. */
    reminderWeekdays: smallint('reminder_weekdays').array().notNull().default(sql`'{0,1,2,3,4,5,6}'::smallint[]`),
    reminderChannels: text('reminder_channels').array().notNull().default(sql`'{push}'::text[]`),
    /** The e-mail reminder's one-click unsubscribe link carries this (no login needed). */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('practice_preferences_unsubscribe_token_key').on(t.unsubscribeToken),
    // The scheduler reads only listeners with reminders on.
    index('practice_preferences_reminders_idx').on(t.remindersEnabled).where(sql`${t.remindersEnabled}`),
    check('practice_preferences_reminder_time_format', sql`${t.reminderTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
)

/** A browser that receives this listener's push reminders (the PushSubscription's endpoint and keys). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_id_idx').on(t.userId)],
)

/**
 * One reminder per listener and local date: the unique key is what makes a reminder go out once
 * even with several API instances (docs/decisions/018-reminder-scheduler.md).
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
    /** The channels it went out on (push, email); empty when every channel failed. */
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    sentAt: createdAt(),
    openedAt: ts('opened_at'),
  },
  (t) => [uniqueIndex('reminder_deliveries_user_date_key').on(t.userId, t.localDate), index('reminder_deliveries_sent_at_idx').on(t.sentAt)],
)

/**
 * A check-in after a practice (the Diário): the listener's moods before and after (1–5, each
 * optional), a short note, what was practised — an audio, or a programme's day — with its title as
 * it was then (the audio or programme may later change or go) and its minutes, on the listener's
 * local date. The listener's alone; deleted with the account.
 */
export const practiceCheckIns = pgTable(
  'practice_check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id').references(() => audios.id, { onDelete: 'set null' }),
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
    day: integer('day'),
    title: text('title').notNull(),
    minutes: integer('minutes').notNull().default(0),
    moodBefore: smallint('mood_before'),
    moodAfter: smallint('mood_after'),
    note: text('note').notNull().default(''),
    /** The listener's local date of the practice, in `time_zone`. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('practice_check_ins_user_created_idx').on(t.userId, t.createdAt),
    index('practice_check_ins_user_date_idx').on(t.userId, t.localDate),
    check('practice_check_ins_mood_before_range', sql`${t.moodBefore} between 1 and 5`),
    check('practice_check_ins_mood_after_range', sql`${t.moodAfter} between 1 and 5`),
    check('practice_check_ins_note_length', sql`char_length(${t.note}) <= 500`),
    check('practice_check_ins_minutes_range', sql`${t.minutes} between 0 and 1440`),
  ],
)
