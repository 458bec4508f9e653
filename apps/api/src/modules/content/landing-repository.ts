import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { landingContent } from '../../db/schema/index.js'

export interface LandingRow {
  section: string
  content: unknown
  updatedAt: Date
}

export async function readSections(db: Database, sections: string[]): Promise<LandingRow[]> {
  return db
    .select({ section: landingContent.section, content: landingContent.content, updatedAt: landingContent.updatedAt })
    .from(landingContent)
    .where(inArray(landingContent.section, sections))
}

export async function upsertSection(db: Database, section: string, content: unknown): Promise<void> {
  await db
    .insert(landingContent)
    .values({ section, content })
    .onConflictDoUpdate({ target: landingContent.section, set: { content, updatedAt: new Date() } })
}
