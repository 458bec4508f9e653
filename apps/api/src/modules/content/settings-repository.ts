import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { appSettings } from '../../db/schema/index.js'

export async function readSetting(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key))
  return row?.value
}

export async function writeSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } })
}
