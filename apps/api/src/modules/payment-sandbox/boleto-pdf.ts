/**
 * The sandbox boleto as a one-page PDF (what a provider's `bankSlipUrl` gives): the payee, the
 * amount, the due date and the digitable line, in Helvetica, with no library — a test bank slip
 * only has to open in any PDF reader.
 */
import { formatMoney } from '@sintonia/contract'

/** PDF text strings: WinAnsi (Latin-1) bytes, the three special characters escaped, the rest as '?'. */
function pdfText(value: string): string {
  return value
    .replace(/—/g, '-')
    .replace(/[^\u0020-\u00ff]/g, '?')
    .replace(/[\\()]/g, (char) => `\\${char}`)
}

export function boletoPdf(input: { productName: string; planName: string; amountCents: number; currency: string; dueAt: Date; line: string; payer: string }): Buffer {
  const due = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(input.dueAt)
  const rows: [number, number, string][] = [
    [18, 780, 'Boleto de teste — nenhum valor real é cobrado'],
    [12, 740, `Beneficiário: ${input.productName}`],
    [12, 720, `Descrição: Plano ${input.planName}`],
    [12, 700, `Pagador: ${input.payer}`],
    [12, 680, `Valor: ${formatMoney(input.amountCents, input.currency)}`],
    [12, 660, `Vencimento: ${due}`],
    [10, 640, 'Linha digitável:'],
    [12, 622, input.line],
    [9, 590, 'Pague no banco de testes do ambiente de testes. A confirmação pode levar até 3 dias úteis.'],
  ]
  const content = rows.map(([size, y, text]) => `BT /F1 ${size} Tf 50 ${y} Td (${pdfText(text)}) Tj ET`).join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
