/**
 * The audios and background tracks whose stored file is not in the canonical form yet (ADR 026),
 * and the switch of one to its converted file.
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, backgroundMusic } from '../../db/schema/index.js'
import type { CanonicalValues } from './canonical-media.js'

export type MediaTable = 'audios' | 'music'

export interface PendingMedia {
  table: MediaTable
  id: string
  title: string
  fileKey: string
  mimeType: string
}

const tables = { audios, music: backgroundMusic } as const

export async function listNotCanonical(db: Database): Promise<PendingMedia[]> {
  const pending: PendingMedia[] = []
  for (const table of ['audios', 'music'] as const) {
    const t = tables[table]
    const rows = await db
      .select({ id: t.id, title: t.title, fileKey: t.fileKey, mimeType: t.mimeType })
      .from(t)
      .where(isNull(t.canonicalAt))
      .orderBy(asc(t.createdAt), asc(t.id))
    pending.push(...rows.map((row) => ({ table, ...row })))
  }
  return pending
}

export type CanonicalSwitch = CanonicalValues & { fileKey: string; mimeType: string; sizeBytes: number; durationSeconds: number }

/**
 * Points the row at its converted file, only while it still holds `oldKey` and is not canonical
 * (an admin may have replaced the file meanwhile). True when the row was switched.
 */
export async function switchToCanonical(db: Database, table: MediaTable, id: string, oldKey: string, values: CanonicalSwitch): Promise<boolean> {
  const t = tables[table]
  const rows = await db
    .update(t)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.fileKey, oldKey), isNull(t.canonicalAt)))
    .returning({ id: t.id })
  return rows.length > 0
}
