import { dateOfDayNumber, dayNumber } from '@sintonia/contract'

/** A gift's day is a day of the Brasília calendar (docs/product/commerce.md#gifts). */
const BRAZIL = 'America/Sao_Paulo'

/** Today in Brasília as YYYY-MM-DD (what a date input takes). */
export function brazilToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** `days` calendar days after a YYYY-MM-DD day. */
export function shiftDay(day: string, days: number): string {
  return dateOfDayNumber(dayNumber(day) + days)
}

/** An instant as a date in Brasília: '24 de dezembro de 2026'. */
export function formatInstant(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: BRAZIL }).format(new Date(iso))
}
