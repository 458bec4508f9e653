/** Calendar arithmetic shared by billing rules (a period, a pause) on the server and the pages that announce them. */

/** `months` later on the calendar; 31 Jan + 1 month → the last day of February, as billing systems do. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime())
  const day = next.getUTCDate()
  next.setUTCMonth(next.getUTCMonth() + months)
  if (next.getUTCDate() < day) next.setUTCDate(0)
  return next
}
