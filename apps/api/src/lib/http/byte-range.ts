import type { ByteRange } from '../storage/media-storage.js'

export type RangeRequest =
  | { kind: 'none' }
  | { kind: 'range'; range: ByteRange }
  | { kind: 'unsatisfiable' }

/**
 * Parses an HTTP Range header for a resource of `size` bytes (RFC 9110 §14). Only a single
 * byte range is honoured; a multi-range request is answered with the whole file, which the
 * RFC allows and which audio players never need.
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' }
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim())
  if (!match) return header.includes(',') || !/^bytes=/i.test(header) ? { kind: 'none' } : { kind: 'unsatisfiable' }
  const [, startText = '', endText = ''] = match
  if (startText === '' && endText === '') return { kind: 'unsatisfiable' }
  if (size === 0) return { kind: 'unsatisfiable' }
  if (startText === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(endText)
    if (!Number.isSafeInteger(suffix) || suffix === 0) return { kind: 'unsatisfiable' }
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } }
  }
  const start = Number(startText)
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || end < start) {
    return { kind: 'unsatisfiable' }
  }
  return { kind: 'range', range: { start, end } }
}

/** A strong validator from size and modification time: cheap, and it changes whenever the file does. */
export function entityTag(size: number, lastModified: Date): string {
  return `"${size.toString(16)}-${lastModified.getTime().toString(16)}"`
}

/** If-None-Match: true when the client's copy is current (weak comparison, as RFC 9110 requires here). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const strip = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => strip(tag) === strip(etag))
}
