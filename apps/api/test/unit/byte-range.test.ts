import { describe, expect, it } from 'vitest'
import { entityTag, isNotModified, parseRangeHeader } from '../../src/lib/http/byte-range.js'

const SIZE = 1000

describe('parseRangeHeader', () => {
  it('is none without a header', () => {
    expect(parseRangeHeader(undefined, SIZE)).toEqual({ kind: 'none' })
    expect(parseRangeHeader('', SIZE)).toEqual({ kind: 'none' })
  })

  it('reads a full range, inclusive on both ends', () => {
    expect(parseRangeHeader('bytes=0-99', SIZE)).toEqual({ kind: 'range', range: { start: 0, end: 99 } })
    expect(parseRangeHeader('bytes=100-1099', 2000)).toEqual({ kind: 'range', range: { start: 100, end: 1099 } })
    expect(parseRangeHeader('bytes=0-0', 1)).toEqual({ kind: 'range', range: { start: 0, end: 0 } })
    expect(parseRangeHeader('bytes=999-999', SIZE)).toEqual({ kind: 'range', range: { start: 999, end: 999 } })
  })

  it('accepts spaces and any case in the unit', () => {
    expect(parseRangeHeader('  Bytes= 10 - 20 ', SIZE)).toEqual({ kind: 'range', range: { start: 10, end: 20 } })
  })

  it('reads an open-ended range to the last byte', () => {
    expect(parseRangeHeader('bytes=100-', SIZE)).toEqual({ kind: 'range', range: { start: 100, end: 999 } })
    expect(parseRangeHeader('bytes=0-', SIZE)).toEqual({ kind: 'range', range: { start: 0, end: 999 } })
  })

  it('reads a suffix range as the last N bytes, whole file when N exceeds the size', () => {
    expect(parseRangeHeader('bytes=-100', SIZE)).toEqual({ kind: 'range', range: { start: 900, end: 999 } })
    expect(parseRangeHeader('bytes=-1', SIZE)).toEqual({ kind: 'range', range: { start: 999, end: 999 } })
    expect(parseRangeHeader('bytes=-5000', SIZE)).toEqual({ kind: 'range', range: { start: 0, end: 999 } })
  })

  it('refuses an empty suffix', () => {
    expect(parseRangeHeader('bytes=-0', SIZE)).toEqual({ kind: 'unsatisfiable' })
  })

  it('clamps an end beyond the file to the last byte', () => {
    expect(parseRangeHeader('bytes=500-5000', SIZE)).toEqual({ kind: 'range', range: { start: 500, end: 999 } })
    expect(parseRangeHeader('bytes=0-99999999999999999999', SIZE)).toEqual({ kind: 'range', range: { start: 0, end: 999 } })
  })

  it('is unsatisfiable when the start is at or beyond the size', () => {
    expect(parseRangeHeader('bytes=1000-', SIZE)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRangeHeader('bytes=1000-2000', SIZE)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRangeHeader('bytes=5000-', SIZE)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRangeHeader('bytes=99999999999999999999-', SIZE)).toEqual({ kind: 'unsatisfiable' })
  })

  it('is unsatisfiable when the end is before the start', () => {
    expect(parseRangeHeader('bytes=500-100', SIZE)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRangeHeader('bytes=1-0', SIZE)).toEqual({ kind: 'unsatisfiable' })
  })

  it('is unsatisfiable for a malformed byte range', () => {
    for (const header of ['bytes=abc', 'bytes=-', 'bytes=', 'bytes=1-2-3', 'bytes=0x10-20', 'bytes=1.5-2']) {
      expect(parseRangeHeader(header, SIZE), header).toEqual({ kind: 'unsatisfiable' })
    }
  })

  it('ignores a range in a unit it does not know (RFC 9110: MUST ignore)', () => {
    expect(parseRangeHeader('items=0-5', SIZE)).toEqual({ kind: 'none' })
    expect(parseRangeHeader('0-5', SIZE)).toEqual({ kind: 'none' })
  })

  it('answers a multi-range request with the whole file', () => {
    expect(parseRangeHeader('bytes=0-1,5-10', SIZE)).toEqual({ kind: 'none' })
    expect(parseRangeHeader('bytes=0-99, 200-299', SIZE)).toEqual({ kind: 'none' })
    expect(parseRangeHeader('bytes=-5,0-1', SIZE)).toEqual({ kind: 'none' })
  })

  it('has no satisfiable range on a zero-size file, and still none without a header', () => {
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRangeHeader('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRangeHeader('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRangeHeader(undefined, 0)).toEqual({ kind: 'none' })
  })
})

describe('entityTag', () => {
  it('is a strong, quoted tag of size and modification time in hex', () => {
    expect(entityTag(255, new Date(4096))).toBe('"ff-1000"')
    expect(entityTag(0, new Date(0))).toBe('"0-0"')
  })

  it('changes when the size or the modification time changes', () => {
    const when = new Date('2024-05-01T12:00:00Z')
    const tag = entityTag(1000, when)
    expect(tag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(entityTag(1000, new Date(when.getTime()))).toBe(tag)
    expect(entityTag(1001, when)).not.toBe(tag)
    expect(entityTag(1000, new Date(when.getTime() + 1))).not.toBe(tag)
  })
})

describe('isNotModified', () => {
  const etag = entityTag(1234, new Date('2024-05-01T12:00:00Z'))

  it('is false without If-None-Match', () => {
    expect(isNotModified(undefined, etag)).toBe(false)
    expect(isNotModified('', etag)).toBe(false)
  })

  it('matches the exact tag', () => {
    expect(isNotModified(etag, etag)).toBe(true)
    expect(isNotModified(`  ${etag}  `, etag)).toBe(true)
  })

  it('uses the weak comparison: W/ on either side still matches', () => {
    expect(isNotModified(`W/${etag}`, etag)).toBe(true)
    expect(isNotModified(etag, `W/${etag}`)).toBe(true)
  })

  it('matches any tag of a list', () => {
    expect(isNotModified(`"aaa", ${etag}, "bbb"`, etag)).toBe(true)
    expect(isNotModified(`"aaa",W/${etag}`, etag)).toBe(true)
    expect(isNotModified('"aaa", "bbb"', etag)).toBe(false)
  })

  it("matches '*' for any current representation", () => {
    expect(isNotModified('*', etag)).toBe(true)
    expect(isNotModified(' * ', etag)).toBe(true)
  })

  it('does not match another tag', () => {
    expect(isNotModified('"outra-versao"', etag)).toBe(false)
    expect(isNotModified(entityTag(1235, new Date('2024-05-01T12:00:00Z')), etag)).toBe(false)
    // Same characters without the quotes is not the same tag.
    expect(isNotModified(etag.replaceAll('"', ''), etag)).toBe(false)
  })
})
