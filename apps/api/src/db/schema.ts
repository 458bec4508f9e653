/**
 * Database schema (Drizzle). Money is always integer centavos; timestamps are timestamptz.
 * Better Auth's tables (user, session, account, verification) live in auth-schema.ts and are
 * re-exported here. `subscriptions.user_id` references `user.id` (ON DELETE SET NULL); the user
 * columns of analytics_events and audit_log stay plain text so history survives an account.
 */
import { sql, type SQL } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './auth-schema.js'

export * from './auth-schema.js'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** A field (campo): a theme that groups audios. Audio counts are computed, never stored, so they cannot drift. */
export const fields = pgTable(
  'fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    iconName: text('icon_name').notNull().default('Sparkles'),
    displayOrder: integer('display_order').notNull().default(0),
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
    // The spec allows one demo audio at a time; the database enforces it.
    uniqueIndex('audios_single_demo_idx').on(t.isDemo).where(sql`${t.isDemo}`),
    check('audios_duration_nonnegative', sql`${t.durationSeconds} >= 0`),
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** Global background-music volume (spec: latest row wins, default 25). */
export const backgroundMusicSettings = pgTable(
  'background_music_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    volumePercentage: integer('volume_percentage').notNull().default(25),
    createdAt: createdAt(),
  },
  (t) => [check('bms_volume_range', sql`${t.volumePercentage} between 0 and 100`)],
)

/** Landing content rows keyed by section ('landing_page', 'videos'); content is validated on read and write. */
export const landingContent = pgTable('landing_content', {
  section: text('section').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: updatedAt(),
})

/** Product-wide settings an admin can change (product name, guarantee days, support e-mail). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})

export const plans = pgTable(
  'plans',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    intervalMonths: integer('interval_months').notNull(),
    savings: text('savings'),
    popular: boolean('popular').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    hasPromotion: boolean('has_promotion').notNull().default(false),
    discountPercentage: integer('discount_percentage'),
    promotionEndDate: timestamp('promotion_end_date', { withTimezone: true }),
    promotionLabel: text('promotion_label'),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plans_code_known', sql`${t.code} in ('trimestral', 'semestral', 'anual')`),
    check('plans_prices_positive', sql`${t.priceCents} > 0 and ${t.originalPriceCents} > 0`),
    check('plans_interval_positive', sql`${t.intervalMonths} > 0`),
    check(
      'plans_discount_range',
      sql`${t.discountPercentage} is null or ${t.discountPercentage} between 1 and 100`,
    ),
  ],
)

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'expired'] as const

/** A subscriber's subscription, created only from verified gateway events. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_id_idx').on(t.userId),
    index('subscriptions_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('subscriptions_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
    check(
      'subscriptions_status_known',
      sql`${t.status} in ('active', 'past_due', 'canceled', 'expired')`,
    ),
  ],
)

/** A paid checkout whose buyer has no account yet (pay-first); merged on sign-up/login. */
export const pendingSubscriptions = pgTable(
  'pending_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    checkoutSessionId: text('checkout_session_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_subscriptions_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('pending_subscriptions_session_idx').on(t.checkoutSessionId),
  ],
)

/**
 * One-time access links of the purchase e-mail (docs/product/accounts.md): the token proves the
 * mailbox of a paid purchase's e-mail; only its SHA-256 is stored. Used once, then every link of
 * the e-mail is deleted.
 */
export const accessLinks = pgTable(
  'access_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_links_token_hash_idx').on(t.tokenHash), index('access_links_email_idx').on(sql`lower(${t.email})`)],
)

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    interestField: text('interest_field'),
    source: text('source').notNull().default('inscricao_page'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** LGPD: when and to what text the person consented. */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentText: text('consent_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('leads_email_unique_idx').on(sql`lower(${t.email})`),
    index('leads_created_at_idx').on(t.createdAt),
  ],
)

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').notNull().default(sql`'{}'::jsonb`),
    userId: text('user_id'),
    sessionId: text('session_id'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_at_idx').on(t.createdAt),
    index('analytics_events_type_created_idx').on(t.eventType, t.createdAt),
  ],
)

/** Security and admin audit trail: denied accesses, admin writes, role changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
)

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const

/** Every e-mail the product sends passes through here; without SMTP this table is the mailbox. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Where replies go (the support address), since the sender is usually a no-reply address. */
    replyTo: text('reply_to'),
    kind: text('kind').notNull(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when a dispatcher takes a pending row; a claim older than the stale limit may be retaken. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_created_at_idx').on(t.createdAt),
    index('email_outbox_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
)

/** A listener's playlist (ARCHITECTURE §7: kept on the server per user). The id comes from the browser. */
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

export * from './commerce-schema.js'
export * from './communication-schema.js'
