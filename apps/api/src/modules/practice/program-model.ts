/**
 * A programme as the rules read it (docs/product/practice.md#programmes): its days in order, each
 * day's audios with their repetition counts, the day's minutes, the programme's fields.
 */
import type { Database } from '../../db/client.js'
import type { DayPlan } from './day-rule.js'
import { listDayItemRows, type AudioRow, type DayItemRow, type FieldRef, type ProgramRow } from './programs-repository.js'

export interface ItemModel {
  audioId: string
  repetitions: number
  audio: AudioRow
  field: FieldRef
}

export interface DayModel extends DayPlan {
  intention: string
  minutes: number
  items: ItemModel[]
}

export interface ProgramModel {
  row: ProgramRow
  days: DayModel[]
  minutesPerDay: number
  /** The distinct fields of its audios, in the fields' display order. */
  fields: FieldRef[]
}

/** Σ(audio duration × repetitions) / 60, rounded. */
export function dayMinutes(items: readonly { audio: { durationSeconds: number }; repetitions: number }[]): number {
  return Math.round(items.reduce((sum, item) => sum + item.audio.durationSeconds * item.repetitions, 0) / 60)
}

/** The days' average of their minutes, rounded. */
export function averageMinutes(days: readonly { minutes: number }[]): number {
  return days.length === 0 ? 0 : Math.round(days.reduce((sum, day) => sum + day.minutes, 0) / days.length)
}

export function fieldsOf(days: readonly { items: readonly { field: FieldRef }[] }[]): FieldRef[] {
  const byId = new Map<string, FieldRef>()
  for (const day of days) for (const item of day.items) byId.set(item.field.id, item.field)
  return [...byId.values()].sort((a, b) => a.displayOrder - b.displayOrder || a.title.localeCompare(b.title, 'pt-BR'))
}

/** Every day has an intention and at least one audio: the programme may be published. */
export function incompleteDays(days: readonly { day: number; intention: string; items: readonly unknown[] }[]): number[] {
  return days.filter((day) => day.intention.trim() === '' || day.items.length === 0).map((day) => day.day)
}

export function buildModels(rows: readonly ProgramRow[], dayRows: readonly DayItemRow[]): Map<string, ProgramModel> {
  const daysOf = new Map<string, Map<number, DayModel>>()
  for (const row of dayRows) {
    let days = daysOf.get(row.programId)
    if (!days) daysOf.set(row.programId, (days = new Map()))
    let day = days.get(row.day)
    if (!day) days.set(row.day, (day = { day: row.day, intention: row.intention, minutes: 0, items: [] }))
    if (row.item) day.items.push({ audioId: row.item.audio.id, repetitions: row.item.repetitions, audio: row.item.audio, field: row.item.field })
  }
  const models = new Map<string, ProgramModel>()
  for (const row of rows) {
    const days = [...(daysOf.get(row.id)?.values() ?? [])].sort((a, b) => a.day - b.day)
    for (const day of days) day.minutes = dayMinutes(day.items)
    models.set(row.id, { row, days, minutesPerDay: averageMinutes(days), fields: fieldsOf(days) })
  }
  return models
}

/** The programmes of these rows with their days (one query for all the days). */
export async function loadModels(db: Database, rows: readonly ProgramRow[]): Promise<Map<string, ProgramModel>> {
  return buildModels(rows, await listDayItemRows(db, rows.map((row) => row.id)))
}
