/** Bytes as pt-BR text: '0 B', '850 KB', '12,4 MB', '1,2 GB' (powers of 1024, like the 500 MB cap). */
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

/** Percentages with at most one decimal ('0,4%', '37%'); a used cache never reads '0%'. */
export function formatPercent(value: number): string {
  const safe = Number.isFinite(value) ? Math.max(0, value) : 0
  if (safe > 0 && safe < 0.1) return '< 0,1%'
  return `${safe.toLocaleString('pt-BR', { maximumFractionDigits: safe < 10 ? 1 : 0 })}%`
}
