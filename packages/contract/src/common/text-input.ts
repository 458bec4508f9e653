/**
 * Text a person may send (docs/security.md, "Rodada três"): no field of the product takes a NUL
 * character (U+0000). PostgreSQL cannot store one in text or jsonb, so such a request failed in
 * the database; the API refuses it first, for every string of a body, query or path parameter
 * (apps/api/src/lib/http/text-input.ts), with MSG.validation.invalidCharacters.
 */
import { MSG } from './messages.js'

export const TEXT_INPUT_MSG = { invalidCharacters: MSG.validation.invalidCharacters } as const

/** True when the text holds a character no text field accepts. */
export function hasInvalidTextCharacter(text: string): boolean {
  return text.includes('\u0000')
}

/**
 * Where the first refused text sits in a parsed JSON value (or a query/params object): its path
 * joined with '.' as the API's validation errors name fields ('' for the value itself), or null
 * when every string and key is acceptable. Walks with a stack, not recursion, so a deep value
 * cannot overflow it.
 */
export function findInvalidText(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }]
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!
    if (typeof current === 'string') {
      if (hasInvalidTextCharacter(current)) return path
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], path: join(path, index) })
    } else if (current !== null && typeof current === 'object' && !isBinary(current)) {
      const entries = Object.entries(current)
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!
        if (hasInvalidTextCharacter(key)) return join(path, key.replaceAll('\u0000', '\\u0000'))
        stack.push({ value: child, path: join(path, key) })
      }
    }
  }
  return null
}

/** Bytes (a raw webhook body is a Buffer) are not text: only parsed values are walked. */
function isBinary(value: object): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer
}
