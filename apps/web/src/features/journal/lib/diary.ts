/** The Diário's grouping: entries by local date, newest date first, each date's entries newest first (as the API pages them). */
import type { CheckIn } from '@sintonia/contract'

export interface DiaryDay {
  date: string
  entries: CheckIn[]
  minutes: number
}

export function groupByDate(entries: readonly CheckIn[]): DiaryDay[] {
  const days = new Map<string, DiaryDay>()
  for (const entry of entries) {
    let day = days.get(entry.date)
    if (!day) days.set(entry.date, (day = { date: entry.date, entries: [], minutes: 0 }))
    day.entries.push(entry)
    day.minutes += entry.minutes
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
}
