/**
 * Catalogue: fields, audios, background music and its volume setting.
 */
import { sql, type SQL } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, ts, updatedAt } from './columns.js'

/**
 * The stored file's canonical form (ADR 026): when it was converted, and its loudness before and
 * after (integrated LUFS, true peak dBTP). canonical_at null = a file not converted yet.
 */
const canonicalColumns = () => ({
  canonicalAt: ts('canonical_at'),
  loudnessBeforeLufs: real('loudness_before_lufs'),
  loudnessBeforePeak: real('loudness_before_peak'),
  loudnessAfterLufs: real('loudness_after_lufs'),
  loudnessAfterPeak: real('loudness_after_peak'),
})

/** A field (campo): a theme that groups audios. Audio counts are computed, never stored, so they cannot drift. */
export const fields = pgTable(
  'fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    iconName: text('icon_name').notNull().default('Sparkles'),
    displayOrder: integer('display_order').notNull().default(0),
    /** An uploaded cover (docs/product/covers.md): the image's id; null shows the generated artwork. */
    coverImage: uuid('cover_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Listener search (accent- and case-insensitive substring match) uses these trigram indexes.
  (t) => [
    index('fields_title_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.title})) gin_trgm_ops`),
    index('fields_description_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.description})) gin_trgm_ops`),
  ],
)

/** A guided audio. The file lives in media storage under `file_key`; the API streams it. */
export const audios = pgTable(
  'audios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'restrict' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isDemo: boolean('is_demo').notNull().default(false),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    fileKey: text('file_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** An uploaded cover (docs/product/covers.md); null shows the generated artwork. */
    coverImage: uuid('cover_image'),
    ...canonicalColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // What listener search reads (migration 0008, docs/performance.md §3): the title and the tags
    // lower-cased and unaccented once per write, so a search calls no function per row. The tags
    // are joined with a line break (immutable_unaccent_tags, migration 0007): a query without one
    // can only match inside a single tag. lower() runs again after unaccent, which turns a few
    // symbols into capitals (© → (C), ℃ → °C): the text is then all lower case, and a plain LIKE
    // matches exactly what ILIKE did, without ILIKE lower-casing every row it reads.
    searchTitle: text('search_title')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(immutable_unaccent(lower(${audios.title})))`),
    searchTags: text('search_tags')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(immutable_unaccent_tags(${audios.tags}))`),
  },
  (t) => [
    index('audios_field_id_title_idx').on(t.fieldId, t.title),
    // Search's "title or any tag contains" (trigram indexes combined with a BitmapOr). No pending
    // list (fastupdate off): the catalogue is read far more than written, and rows waiting in the
    // list made every search scan them.
    index('audios_search_title_trgm_idx').using('gin', t.searchTitle.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    index('audios_search_tags_trgm_idx').using('gin', t.searchTags.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    // The product allows one demo audio at a time; the database enforces it.
    uniqueIndex('audios_single_demo_idx').on(t.isDemo).where(sql`${t.isDemo}`),
    check('audios_duration_nonnegative', sql`${t.durationSeconds} >= 0`),
  ],
)

/**
 * An audio's transcript (docs/product/listening.md#transcript): its own table, so the audio rows
 * every list, cache and session reads stay small; an audio without one has no row. `text` is the
 * contract's normalised plain text (catalogue/transcript.ts). `search_text` is what search reads,
 * normalised like the audios' search_title, with every run of whitespace as one space so a phrase
 * is found across a line break.
 */
export const audioTranscripts = pgTable(
  'audio_transcripts',
  {
    audioId: uuid('audio_id')
      .primaryKey()
      .references(() => audios.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(immutable_unaccent(lower(regexp_replace(${audioTranscripts.text}, '[[:space:]]+', ' ', 'g'))))`),
  },
  (t) => [
    // "The transcript contains the query": a trigram index like the titles' and tags' (no pending list).
    index('audio_transcripts_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    check('audio_transcripts_text_length', sql`char_length(${t.text}) between 1 and 20000`),
  ],
)

export const backgroundMusic = pgTable('background_music', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  fileKey: text('file_key').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  durationSeconds: integer('duration_seconds').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  ...canonicalColumns(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** Global background-music volume (product rule: latest row wins, default 25). */
export const backgroundMusicSettings = pgTable(
  'background_music_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    volumePercentage: integer('volume_percentage').notNull().default(25),
    createdAt: createdAt(),
  },
  (t) => [check('bms_volume_range', sql`${t.volumePercentage} between 0 and 100`)],
)
