/** Durations are stored as whole seconds and shown as the spec's text form ('0:00'). */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds == null || !Number.isFinite(totalSeconds) || totalSeconds < 0) return '0:00'
  const s = Math.round(totalSeconds)
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const seconds = s % 60
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes)
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`
}

/** 'áudio' / 'áudios' as the landing and dashboard cards show it. */
export function audioCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'áudio' : 'áudios'}`
}

const CURRENCY_LOCALES: Record<string, string> = { BRL: 'pt-BR', USD: 'en-US', EUR: 'de-DE' }

/** Money is kept in integer minor units (centavos); spec commerce §5: BRL pt-BR, USD en-US, EUR de-DE, default BRL. */
export function formatMoney(minorUnits: number, currency = 'BRL'): string {
  const code = currency.toUpperCase()
  const locale = CURRENCY_LOCALES[code] ?? 'pt-BR'
  return new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY_LOCALES[code] ? code : 'BRL' }).format(
    minorUnits / 100,
  )
}
