import { withProductName } from '@sintonia/contract'

/**
 * The API guarantees only the top-level shape of landing content (contract `isValidLandingContent`);
 * inner fields may be missing or of the wrong type. These helpers make every read safe.
 */

/** Reads a content text: non-strings become '', `{product}` becomes the product name. */
export type TextFn = (value: unknown) => string

export function createText(productName: string): TextFn {
  return (value) => (typeof value === 'string' ? withProductName(value, productName) : '')
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An object section, or an empty object. */
export function asSection(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {}
}

export interface SafeItem {
  /** Stable React key (the item's id, or its position). */
  key: string
  icon: unknown
  title: unknown
  description: unknown
  raw: Record<string, unknown>
}

/** The object entries of a list, each with a stable key. Anything that is not a list gives []. */
export function asItems(value: unknown): SafeItem[] {
  if (!Array.isArray(value)) return []
  const seen = new Set<string>()
  const items: SafeItem[] = []
  value.forEach((entry, index) => {
    if (!isRecord(entry)) return
    let key = typeof entry.id === 'string' && entry.id ? entry.id : `item-${index}`
    if (seen.has(key)) key = `${key}-${index}`
    seen.add(key)
    items.push({ key, icon: entry.icon, title: entry.title, description: entry.description, raw: entry })
  })
  return items
}

/** Section flags: only an explicit `true` shows an optional section. */
export function isEnabled(section: Record<string, unknown>): boolean {
  return section.enabled === true
}
