export type Path = (string | number)[]

/** A copy of `value` with `next` at `path` (objects and arrays along the path are copied). */
export function setIn<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    const copy = [...value]
    copy[head as number] = setIn(copy[head as number], rest, next)
    return copy as T
  }
  const record = (value ?? {}) as Record<string, unknown>
  return { ...record, [head as string]: setIn(record[head as string], rest, next) } as T
}

export const pathKey = (path: Path) => path.join('.')

/** A short id for a new list item (ids only need to be unique within their list). */
export function newItemId(): string {
  return `item-${Math.random().toString(36).slice(2, 10)}`
}

/** 'R$ 358,80' typed by an admin → 35880 centavos; null when it is not a price. */
export function parseReais(text: string): number | null {
  const cleaned = text.replace(/[R$\s]/g, '').replace(/\./g, '').replace(',', '.')
  if (cleaned === '' || !/^\d+(\.\d{0,2})?$/.test(cleaned)) return null
  return Math.round(Number(cleaned) * 100)
}

export function formatReais(cents: number): string {
  return (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
