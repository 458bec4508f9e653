/** A gift's day is a day of the Brasília calendar (docs/product/commerce.md#gifts). */
const BRAZIL = 'America/Sao_Paulo'

/** Today in Brasília as YYYY-MM-DD (what a date input takes). */
export function brazilToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** `days` calendar days after a YYYY-MM-DD day. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** A YYYY-MM-DD day written out: '24 de dezembro de 2026'. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
}

/** An instant as a date: '24 de dezembro de 2026'. */
export function formatInstant(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: BRAZIL }).format(new Date(iso))
}
