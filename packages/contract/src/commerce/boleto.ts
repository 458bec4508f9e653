/**
 * The boleto as people read it (docs/payments.md): its 47-digit digitable line printed in the
 * bank-slip standard's groups, the same on every provider's page.
 */

/** '00190.00009 01234.567890 12345.678901 2 00000000000000': the digitable line as printed. */
export function formatBoletoLine(line: string): string {
  if (!/^\d{47}$/.test(line)) return line
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`
}
