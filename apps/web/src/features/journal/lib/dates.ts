/** Calendar words of the Diário and the chart, on `YYYY-MM-DD` dates (no zone: they are the listener's dates already). */
const WEEKDAY_NAMES = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'] as const
const WEEKDAY_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const
const MONTH_NAMES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'] as const

function parts(date: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  return { year, month, day }
}

/** Days since 1970-01-01 (UTC arithmetic on a calendar date). */
function dayNumber(date: string): number {
  const { year, month, day } = parts(date)
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000)
}

export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10)
}

export function weekdayOf(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7
}

export function weekdayShort(date: string): string {
  return WEEKDAY_SHORT[weekdayOf(date)]!
}

/** 'terça-feira, 10 de março' — 'Hoje' and 'Ontem' relative to `today`. */
export function dayHeading(date: string, today: string | null): string {
  if (today && date === today) return 'Hoje'
  if (today && date === addDays(today, -1)) return 'Ontem'
  const { year, month, day } = parts(date)
  const base = `${WEEKDAY_NAMES[weekdayOf(date)]}, ${day} de ${MONTH_NAMES[month - 1]}`
  return today && parts(today).year !== year ? `${base} de ${year}` : base
}

/** '4 mar' */
export function shortDate(date: string): string {
  const { month, day } = parts(date)
  return `${day} ${MONTH_NAMES[month - 1]!.slice(0, 3)}`
}

/** '4 a 10 de março', '28 de fevereiro a 6 de março' */
export function rangeLabel(from: string, to: string): string {
  const a = parts(from)
  const b = parts(to)
  if (a.month === b.month && a.year === b.year) return `${a.day} a ${b.day} de ${MONTH_NAMES[b.month - 1]}`
  return `${a.day} de ${MONTH_NAMES[a.month - 1]} a ${b.day} de ${MONTH_NAMES[b.month - 1]}`
}
