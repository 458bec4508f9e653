/**
 * Programme insights for admins (docs/product/practice.md#insights): per programme, the enrolments
 * made in a period (dates in São Paulo, the product's calendar) and how far they went.
 */
import { ADMIN_MSG, dateOfDayNumber, dayNumber, DEFAULT_TIME_ZONE, type ProgramInsights } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { addDays, startOfLocalDate } from '../../lib/local-time.js'
import { programInsightsRows } from './insights-repository.js'

const DAY_MS = 86_400_000

function assertRealDate(date: string): void {
  if (dateOfDayNumber(dayNumber(date)) !== date) throw new HttpError(400, ADMIN_MSG.invalidDate)
}

/** GET /api/admin/programs/insights?from&to — `from` and `to` inclusive. */
export async function getProgramInsights(db: Database, range: { from: string; to: string }, now: Date): Promise<ProgramInsights> {
  assertRealDate(range.from)
  assertRealDate(range.to)
  const rows = await programInsightsRows(db, {
    from: startOfLocalDate(DEFAULT_TIME_ZONE, range.from),
    to: startOfLocalDate(DEFAULT_TIME_ZONE, addDays(range.to, 1)),
    activeSince: new Date(now.getTime() - 7 * DAY_MS),
    fromDate: range.from,
    toDate: range.to,
  })
  return {
    from: range.from,
    to: range.to,
    programs: rows.map((row) => ({ ...row, completionRate: row.enrolled === 0 ? 0 : row.completed / row.enrolled })),
  }
}
