import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { API } from '@sintonia/contract'
import { audios, programDayItems, programDays, programs, user } from '../../src/db/schema/index.js'
import type { TestContext } from './app.js'
import type { Account } from './auth.js'
import { callAs, subscriber } from './callers.js'

export interface SeedDay {
  intention?: string
  items: { audioId: string; repetitions: number }[]
}

let programCounter = 0

/** A programme written straight into the tables (published unless told), as the admin editor would leave it. */
export async function seedProgram(
  ctx: TestContext,
  options: { title?: string; isOpen?: boolean; published?: boolean; position?: number; description?: string; days: SeedDay[] },
): Promise<{ id: string; slug: string; title: string }> {
  const n = ++programCounter
  const title = options.title ?? `Programa de teste ${n}`
  const slug = `${title.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${n}`
  const { db } = ctx.database
  const [row] = await db
    .insert(programs)
    .values({ slug, title, description: options.description ?? 'Um programa para testes.', isOpen: options.isOpen ?? false, published: options.published ?? true, position: options.position ?? n })
    .returning()
  await db.insert(programDays).values(options.days.map((day, index) => ({ programId: row!.id, day: index + 1, intention: day.intention ?? `Intenção do dia ${index + 1}` })))
  const items = options.days.flatMap((day, index) => day.items.map((item, position) => ({ programId: row!.id, day: index + 1, position, ...item })))
  if (items.length > 0) await db.insert(programDayItems).values(items)
  return { id: row!.id, slug: row!.slug, title }
}

/** The seeded catalogue's audios, in a stable order, with their lengths. */
export async function catalogueAudios(ctx: TestContext): Promise<{ id: string; durationSeconds: number; fieldId: string }[]> {
  return ctx.database.db.select({ id: audios.id, durationSeconds: audios.durationSeconds, fieldId: audios.fieldId }).from(audios).orderBy(asc(audios.createdAt), asc(audios.id))
}

export interface SentEvent {
  id: string
  audioId: string
  kind: 'repetition' | 'play'
  occurredAt: string
}

/** `n` repetitions of an audio at `at` (a second apart), as the player records them. */
export function repetitions(audioId: string, n: number, at: Date): SentEvent[] {
  return Array.from({ length: n }, (_, i) => ({ id: randomUUID(), audioId, kind: 'repetition' as const, occurredAt: new Date(at.getTime() + i * 1000).toISOString() }))
}

/** POST /api/listening/events, like the web's sync queue does. */
export async function sendEvents(ctx: TestContext, who: Account, events: SentEvent[]) {
  const res = await callAs(ctx, who, { method: 'POST', url: API.listening.events, payload: { events } })
  if (res.statusCode !== 200) throw new Error(`listening events: ${res.statusCode} ${res.body}`)
  return res.json() as { accepted: number; duplicates: number; refused: number }
}

/** Long before any time these tests use: an account this old predates every record they send. */
export const LONG_AGO = new Date('2020-01-01T00:00:00Z')

/**
 * Makes the account as old as `since`. A listening record may not predate the account
 * (practice/time-rule.ts); tests about days and streaks play a listener who signed up long before.
 */
export async function accountSince(ctx: TestContext, who: Account, since: Date = LONG_AGO): Promise<Account> {
  await ctx.database.db.update(user).set({ createdAt: since }).where(eq(user.id, who.userId))
  return who
}

/** A subscriber whose account is older than anything the test sends. */
export async function longtimeSubscriber(ctx: TestContext): Promise<Account> {
  return accountSince(ctx, await subscriber(ctx))
}

/** PUT the listener's time zone. */
export async function setTimeZone(ctx: TestContext, who: Account, timeZone: string) {
  const res = await callAs(ctx, who, { method: 'PUT', url: API.practice.preferences, payload: { timeZone } })
  if (res.statusCode !== 200) throw new Error(`preferences: ${res.statusCode} ${res.body}`)
}
