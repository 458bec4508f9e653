/**
 * CSV for spreadsheets. Excel in pt-BR reads ';' as the column separator and needs the UTF-8 BOM
 * to show accents; every cell is quoted when it holds the separator, a quote or a line break
 * (quotes doubled, RFC 4180). A cell that starts with = + - @ or a tab would run as a formula
 * when opened (CSV injection), so it gets a leading apostrophe (OWASP's advice).
 */
export const CSV_SEPARATOR = ';'
export const UTF8_BOM = '\uFEFF'

export function csvCell(value: string | null | undefined): string {
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[;"\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: string[], rows: (string | null | undefined)[][]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(CSV_SEPARATOR))
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`
}
