import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { landingContent } from '../../db/schema/index.js'

export { upsertSection } from './landing-repository.js'

/** One section's stored row, locked for a read-modify-write (videos are edited one at a time). */
export async function lockSection(db: Database, section: string): Promise<{ content: unknown; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ content: landingContent.content, updatedAt: landingContent.updatedAt })
    .from(landingContent)
    .where(eq(landingContent.section, section))
    .for('update')
  return row
}
