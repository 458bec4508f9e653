import { z } from 'zod'

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  date: 'uma data',
  bigint: 'um número inteiro',
  null: 'nulo',
  undefined: 'nada',
}

const FORMAT_NAMES: Record<string, string> = {
  email: 'E-mail inválido',
  uuid: 'Identificador inválido',
  guid: 'Identificador inválido',
  url: 'URL inválida',
  datetime: 'Data e hora inválidas',
  date: 'Data inválida',
  regex: 'Formato inválido',
}

function describeReceived(input: unknown): string {
  if (input === null) return 'nulo'
  if (input === undefined) return 'nada'
  if (Array.isArray(input)) return 'uma lista'
  return TYPE_NAMES[typeof input] ?? typeof input
}

/**
 * Brazilian-Portuguese messages for zod (its bundled 'pt' locale reads as European Portuguese).
 * Installed once by the API and the web app, so every validation message a person sees is pt-BR.
 */
export const ptBrZodError = (issue: z.core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Campo obrigatório'
      return `Valor inválido: esperado ${TYPE_NAMES[issue.expected] ?? issue.expected}, recebido ${describeReceived(issue.input)}`
    case 'too_small': {
      const min = String(issue.minimum)
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'Campo obrigatório' : `Deve ter pelo menos ${min} caracteres`
      if (issue.origin === 'array' || issue.origin === 'set') return `Deve ter pelo menos ${min} itens`
      return issue.inclusive ? `Deve ser maior ou igual a ${min}` : `Deve ser maior que ${min}`
    }
    case 'too_big': {
      const max = String(issue.maximum)
      if (issue.origin === 'string') return `Deve ter no máximo ${max} caracteres`
      if (issue.origin === 'array' || issue.origin === 'set') return `Deve ter no máximo ${max} itens`
      return issue.inclusive ? `Deve ser menor ou igual a ${max}` : `Deve ser menor que ${max}`
    }
    case 'invalid_format':
      return FORMAT_NAMES[issue.format] ?? 'Formato inválido'
    case 'not_multiple_of':
      return `Deve ser múltiplo de ${String(issue.divisor)}`
    case 'unrecognized_keys':
      return `Campos não permitidos: ${issue.keys.join(', ')}`
    case 'invalid_value':
      return 'Valor não permitido'
    case 'invalid_union':
      return 'Valor inválido'
    case 'invalid_key':
      return 'Chave inválida'
    case 'invalid_element':
      return 'Item inválido'
    default:
      return 'Valor inválido'
  }
}

let installed = false
export function installPtBrZodMessages(): void {
  if (installed) return
  z.config({ localeError: ptBrZodError })
  installed = true
}
