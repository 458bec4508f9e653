import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { asc } from 'drizzle-orm'
import { fields } from '../../src/db/schema/index.js'
import { API_ROOT } from '../../src/paths.js'
import type { TestContext } from './app.js'

/** A 12-second voice clip (scripts/sample-audio/fixtures.tsv): the seeded audios are 2–4 minute practices. */
export const SHORT_VOICE_MP3 = readFileSync(join(API_ROOT, '..', '..', 'e2e', 'fixtures', 'audio-curto.mp3'))

/** The catalogue's first field (by display order) of the seeded database. */
export async function firstField(ctx: TestContext): Promise<typeof fields.$inferSelect> {
  const [row] = await ctx.database.db.select().from(fields).orderBy(asc(fields.displayOrder)).limit(1)
  return row!
}
