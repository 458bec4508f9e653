/** The insights' default period: the last `days` local dates, today included (YYYY-MM-DD). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1))
  return { from: localDate(start), to: localDate(now) }
}

function localDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 })
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

/** 0.425 → '43%'. */
export function percentLabel(rate: number): string {
  return percent.format(rate)
}

/** null → '—'; 6.5 → '6,5 dias'. */
export function medianDaysLabel(days: number | null): string {
  if (days === null) return '—'
  return days === 1 ? '1 dia' : `${decimal.format(days)} dias`
}
