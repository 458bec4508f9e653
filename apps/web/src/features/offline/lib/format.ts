/** Percentages with at most one decimal ('0,4%', '37%'); a used cache never reads '0%'. */
export function formatPercent(value: number): string {
  const safe = Number.isFinite(value) ? Math.max(0, value) : 0
  if (safe > 0 && safe < 0.1) return '< 0,1%'
  return `${safe.toLocaleString('pt-BR', { maximumFractionDigits: safe < 10 ? 1 : 0 })}%`
}
