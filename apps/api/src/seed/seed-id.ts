import { createHash } from 'node:crypto'

/**
 * The demo catalogue's ids, the same on every install (a UUID drawn from the item's slug): its
 * generated covers (drawn from the id) look the same everywhere, in screenshots too.
 */
export function seedId(kind: 'field' | 'audio' | 'program', slug: string): string {
  const hex = createHash('sha256').update(`sintonia-seed:${kind}:${slug}`).digest('hex')
  // Version 8 (custom) and the RFC 4122 variant, so every UUID check accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
