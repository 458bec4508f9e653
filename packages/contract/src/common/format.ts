/** Durations are stored as whole seconds and shown as the product's text form ('0:00'). */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds == null || !Number.isFinite(totalSeconds) || totalSeconds < 0) return '0:00'
  const s = Math.round(totalSeconds)
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const seconds = s % 60
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes)
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`
}

/**
 * Sizes as people read them in pt-BR: '0 B', '850 KB', '12,4 MB', '1,2 GB' — powers of 1024, as
 * file managers and the size caps (500 MB of downloads, upload limits) count them.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1
  return `${value.toLocaleString('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: digits })} ${units[unit]}`
}

/**
 * A count with its noun in the right number, '1 resultado' / '3 resultados': the product never
 * writes 'resultado(s)'.
 */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`
}

/** 'áudio' / 'áudios' as the landing and dashboard cards show it. */
export function audioCountLabel(count: number): string {
  return countLabel(count, 'áudio', 'áudios')
}

/**
 * How each currency is written (docs/product/commerce.md#payment-result-pagamentosucesso): the
 * same text as `Intl.NumberFormat(locale, { style: 'currency' })` gives (format.test.ts compares
 * them), without Intl: the first currency formatter a page builds loads the locale's data, ~30 ms
 * of main thread on a phone while the landing hydrates its prices.
 */
const CURRENCY_STYLES: Record<string, { locale: string; prefix: string; suffix: string; thousands: string; decimal: string }> = {
  BRL: { locale: 'pt-BR', prefix: 'R$\u00a0', suffix: '', thousands: '.', decimal: ',' },
  USD: { locale: 'en-US', prefix: '$', suffix: '', thousands: ',', decimal: '.' },
  EUR: { locale: 'de-DE', prefix: '', suffix: '\u00a0€', thousands: '.', decimal: ',' },
}

/** Money is kept in integer minor units (centavos); BRL pt-BR, USD en-US, EUR de-DE, default BRL. */
export function formatMoney(minorUnits: number, currency = 'BRL'): string {
  const upper = currency.toUpperCase()
  const code = CURRENCY_STYLES[upper] ? upper : 'BRL'
  const style = CURRENCY_STYLES[code]!
  // Fractions of a cent (never stored) and non-finite values keep Intl's rounding and wording.
  if (!Number.isSafeInteger(minorUnits)) {
    return new Intl.NumberFormat(style.locale, { style: 'currency', currency: code }).format(minorUnits / 100)
  }
  const absolute = Math.abs(minorUnits)
  const units = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, style.thousands)
  const cents = String(absolute % 100).padStart(2, '0')
  return `${minorUnits < 0 || Object.is(minorUnits, -0) ? '-' : ''}${style.prefix}${units}${style.decimal}${cents}${style.suffix}`
}

/**
 * A calendar day (`YYYY-MM-DD`, no time of day: a gift's delivery day) written out in pt-BR,
 * "24 de dezembro de 2026" — read at noon UTC so no time zone moves it to another day.
 */
export function formatCalendarDay(day: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
}
