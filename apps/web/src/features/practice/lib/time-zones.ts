/**
 * The listener's time zone decides when a day opens (docs/product/practice.md#days-and-today). The
 * choice offers Brazil's zones, plus the one this browser detected and the one saved, when they
 * are elsewhere.
 */
export interface TimeZoneOption {
  value: string
  label: string
}

export const BRAZILIAN_TIME_ZONES: readonly TimeZoneOption[] = [
  { value: 'America/Sao_Paulo', label: 'Brasília (UTC−3) — Sudeste, Sul, DF e GO' },
  { value: 'America/Bahia', label: 'Bahia (UTC−3)' },
  { value: 'America/Fortaleza', label: 'Fortaleza (UTC−3) — CE, RN, PB, PI, MA' },
  { value: 'America/Recife', label: 'Recife (UTC−3) — PE' },
  { value: 'America/Maceio', label: 'Maceió (UTC−3) — AL, SE' },
  { value: 'America/Belem', label: 'Belém (UTC−3) — PA, AP' },
  { value: 'America/Santarem', label: 'Santarém (UTC−3) — oeste do PA' },
  { value: 'America/Araguaina', label: 'Araguaína (UTC−3) — TO' },
  { value: 'America/Noronha', label: 'Fernando de Noronha (UTC−2)' },
  { value: 'America/Manaus', label: 'Manaus (UTC−4) — AM' },
  { value: 'America/Boa_Vista', label: 'Boa Vista (UTC−4) — RR' },
  { value: 'America/Porto_Velho', label: 'Porto Velho (UTC−4) — RO' },
  { value: 'America/Cuiaba', label: 'Cuiabá (UTC−4) — MT' },
  { value: 'America/Campo_Grande', label: 'Campo Grande (UTC−4) — MS' },
  { value: 'America/Rio_Branco', label: 'Rio Branco (UTC−5) — AC' },
  { value: 'America/Eirunepe', label: 'Eirunepé (UTC−5) — oeste do AM' },
]

/** The zone this browser runs in (`Intl`), or null where it cannot tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** 'Europe/Lisbon' → 'Europe/Lisbon (Lisbon)': readable enough for a zone outside the list. */
function otherZoneLabel(zone: string): string {
  const city = zone.split('/').pop()?.replaceAll('_', ' ')
  return city && city !== zone ? `${city} (${zone})` : zone
}

/**
 * The select's options: the saved zone and the detected one first when they are not Brazilian
 * (so the select always shows what is saved), then Brazil's zones. The detected one says so.
 */
export function timeZoneOptions(saved: string, detected: string | null): TimeZoneOption[] {
  const known = new Set(BRAZILIAN_TIME_ZONES.map((z) => z.value))
  const extra: TimeZoneOption[] = []
  if (detected && !known.has(detected)) extra.push({ value: detected, label: `${otherZoneLabel(detected)} — detectado neste aparelho` })
  if (saved && !known.has(saved) && saved !== detected) extra.push({ value: saved, label: otherZoneLabel(saved) })
  const brazil = BRAZILIAN_TIME_ZONES.map((z) => (z.value === detected ? { value: z.value, label: `${z.label} — detectado neste aparelho` } : z))
  return [...extra, ...brazil]
}
