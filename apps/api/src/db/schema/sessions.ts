/**
 * Rendered sessions (docs/product/sessions.md): each session a listener asked for, with the plan
 * to render it, and whether its stream is in media storage now (the cache, evicted by size and
 * age); and the decoded length of each audio, measured once per file.
 */
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { audios } from './catalogue.js'
import { createdAt, ts } from './columns.js'

export const sessionRenders = pgTable(
  'session_renders',
  {
    /** The session's key (modules/sessions/session-plan.ts): the same sound, the same key. */
    key: text('key').primaryKey(),
    /** The SessionPlan: everything needed to render it again after an eviction. */
    plan: jsonb('plan').notNull(),
    /** The audios in it: who may hear it (subscribers, or anyone for the demo audio alone). */
    audioIds: uuid('audio_ids').array().notNull(),
    /** The files it was mixed from: a render whose file was replaced or removed is dropped. */
    sourceFileKeys: text('source_file_keys').array().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Set while the stream is in media storage; null before the first render and after an eviction. */
    renderedAt: ts('rendered_at'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('session_renders_rendered_lru_idx').on(t.lastUsedAt).where(sql`${t.renderedAt} IS NOT NULL`)],
)

/** An audio's decoded length at the session sample rate, for the file it has now. */
export const sessionVoiceLengths = pgTable('session_voice_lengths', {
  audioId: uuid('audio_id')
    .primaryKey()
    .references(() => audios.id, { onDelete: 'cascade' }),
  fileKey: text('file_key').notNull(),
  samples: integer('samples').notNull(),
  measuredAt: ts('measured_at').notNull().defaultNow(),
})
