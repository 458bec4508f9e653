/**
 * SQL of the programme insights (docs/product/practice.md#insights): one query, one row per
 * programme, over the enrolments made in a period.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { rowsOf } from '../../db/rows.js'
import { listeningEvents, programDayCompletions, programDayItems, programDays, programEnrolments, programs, reminderDeliveries } from '../../db/schema/index.js'

export interface ProgramInsightsRow {
  id: string
  title: string
  daysCount: number
  enrolled: number
  activeLast7Days: number
  reachedDay7: number
  reachedDay14: number
  reachedDay21: number
  completed: number
  medianDaysToFinish: number | null
  remindersSent: number
  remindersOpened: number
}

export interface InsightsWindow {
  /** Enrolments made in [from, to). */
  from: Date
  to: Date
  /** "Listened in the last 7 days" counts repetitions since this instant. */
  activeSince: Date
  /** Reminders of these local dates (inclusive). */
  fromDate: string
  toDate: string
}

export async function programInsightsRows(db: Database, window: InsightsWindow): Promise<ProgramInsightsRow[]> {
  const result = await db.execute(sql`
    with cohort as (
      select e.id, e.program_id, e.user_id, e.status, e.enrolled_on,
        (select count(*) from ${programDayCompletions} c where c.enrolment_id = e.id)::int as done_days,
        (select max(c.completed_on) from ${programDayCompletions} c where c.enrolment_id = e.id) as last_on,
        exists (
          select 1 from ${listeningEvents} le
          where le.user_id = e.user_id and le.kind = 'repetition' and le.occurred_at >= ${window.activeSince}::timestamptz
            and le.audio_id in (select i.audio_id from ${programDayItems} i where i.program_id = e.program_id)
        ) as active
      from ${programEnrolments} e
      where e.created_at >= ${window.from}::timestamptz and e.created_at < ${window.to}::timestamptz
    ),
    reminders as (
      -- A delivery whose every channel failed has no channels: it was claimed, not sent.
      select r.program_id, count(*)::int as sent, count(r.opened_at)::int as opened
      from ${reminderDeliveries} r
      where r.program_id is not null and cardinality(r.channels) > 0 and r.local_date between ${window.fromDate}::date and ${window.toDate}::date
      group by r.program_id
    )
    select p.id, p.title,
      (select count(*) from ${programDays} d where d.program_id = p.id)::int as "daysCount",
      count(c.id)::int as enrolled,
      (count(c.id) filter (where c.active))::int as "activeLast7Days",
      (count(c.id) filter (where c.done_days >= 7))::int as "reachedDay7",
      (count(c.id) filter (where c.done_days >= 14))::int as "reachedDay14",
      (count(c.id) filter (where c.done_days >= 21))::int as "reachedDay21",
      (count(c.id) filter (where c.status = 'completed'))::int as completed,
      (percentile_cont(0.5) within group (order by (c.last_on - c.enrolled_on + 1)) filter (where c.status = 'completed' and c.last_on is not null))::float8
        as "medianDaysToFinish",
      coalesce(r.sent, 0)::int as "remindersSent",
      coalesce(r.opened, 0)::int as "remindersOpened"
    from ${programs} p
    left join cohort c on c.program_id = p.id
    left join reminders r on r.program_id = p.id
    group by p.id, p.title, p.position, r.sent, r.opened
    order by p.position, p.title, p.id
  `)
  return rowsOf<ProgramInsightsRow>(result).map((row) => ({
    ...row,
    daysCount: Number(row.daysCount),
    enrolled: Number(row.enrolled),
    activeLast7Days: Number(row.activeLast7Days),
    reachedDay7: Number(row.reachedDay7),
    reachedDay14: Number(row.reachedDay14),
    reachedDay21: Number(row.reachedDay21),
    completed: Number(row.completed),
    medianDaysToFinish: row.medianDaysToFinish === null ? null : Number(row.medianDaysToFinish),
    remindersSent: Number(row.remindersSent),
    remindersOpened: Number(row.remindersOpened),
  }))
}
