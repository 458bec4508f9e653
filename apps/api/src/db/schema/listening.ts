/**
 * Listening: playlists and the listening records.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './accounts.js'
import { audios } from './catalogue.js'
import { createdAt, updatedAt } from './columns.js'

/**
 * A listener's playlist, kept on the server per user
 * (docs/product/listening.md#playlists-and-favourites). The id comes from the browser.
 */
export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('playlists_user_id_idx').on(t.userId, t.createdAt)],
)

/** The audios of a playlist, in `position` order; an audio appears at most once per playlist. */
export const playlistAudios = pgTable(
  'playlist_audios',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audios.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'playlist_audios_pk', columns: [t.playlistId, t.audioId] }), index('playlist_audios_audio_id_idx').on(t.audioId)],
)

export const LISTENING_KINDS = ['play', 'repetition'] as const

/** Plays and completed repetitions; the id comes from the browser so a re-sent batch counts once. */
export const listeningEvents = pgTable(
  'listening_events',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id')
      .notNull()
      .references(() => audios.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LISTENING_KINDS }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('listening_events_user_audio_time_idx').on(t.userId, t.audioId, t.occurredAt),
    index('listening_events_audio_id_idx').on(t.audioId),
    check('listening_events_kind_known', sql`${t.kind} in ('play', 'repetition')`),
  ],
)
