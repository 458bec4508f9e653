/**
 * The CPF (Cadastro de Pessoas Físicas), the payer's tax number a boleto and Pix Automático name
 * (docs/payments.md). Checked by its two check digits; sequences of one repeated digit are not
 * CPFs. The rule once, for the sandbox's pages and any checkout that asks for it.
 */
export const CPF_MSG = {
  required: 'Informe o CPF de quem paga.',
  invalid: 'CPF inválido. Confira os números.',
} as const

/** The 11 digits of a CPF typed with or without its dots and dash, or null when it is not one. */
export function normalizeCpf(value: string): string | null {
  const digits = value.replace(/[\s.\-/]/g, '')
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return null
  const checkDigit = (length: number) => {
    let sum = 0
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return checkDigit(9) === Number(digits[9]) && checkDigit(10) === Number(digits[10]) ? digits : null
}

/** The 11 digits as printed: '529.982.247-25'. */
export function formatCpf(digits: string): string {
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}` : digits
}
