import { count, eq, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, fields } from '../../db/schema/index.js'

export type FieldRow = typeof fields.$inferSelect

export async function nextDisplayOrder(db: Database): Promise<number> {
  const [row] = await db.select({ top: max(fields.displayOrder) }).from(fields)
  return (row?.top ?? -1) + 1
}

export async function insertField(db: Database, values: { title: string; description: string; iconName: string; displayOrder: number }): Promise<FieldRow> {
  const [row] = await db.insert(fields).values(values).returning()
  return row!
}

export async function updateField(
  db: Database,
  id: string,
  patch: Partial<{ title: string; description: string; iconName: string }>,
): Promise<FieldRow | undefined> {
  const [row] = await db
    .update(fields)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(fields.id, id))
    .returning()
  return row
}

export async function countAudiosOfField(db: Database, fieldId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(audios).where(eq(audios.fieldId, fieldId))
  return row?.n ?? 0
}

/** The deleted field's cover, so its image can go too; undefined when there was no such field. */
export async function deleteField(db: Database, id: string): Promise<{ coverImage: string | null } | undefined> {
  const [row] = await db.delete(fields).where(eq(fields.id, id)).returning({ coverImage: fields.coverImage })
  return row
}

/** Every field id, locked for the reorder so a field created meanwhile cannot be left out. */
export async function lockAllFieldIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: fields.id }).from(fields).for('update')
  return rows.map((row) => row.id)
}

/** display_order = position in the list, in one statement. */
export async function setDisplayOrder(db: Database, orderedIds: string[]): Promise<void> {
  const values = sql.join(
    orderedIds.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  )
  await db.execute(sql`
    update ${fields} set display_order = v.position, updated_at = now()
    from (values ${values}) as v(id, position)
    where ${fields.id} = v.id
  `)
}
