import { describe, expect, it } from 'vitest'
import { jsonNestingExceeds, MAX_JSON_DEPTH } from '../../src/lib/http/json-body.js'

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

describe('jsonNestingExceeds', () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more, for arrays, objects and a mix`, () => {
    expect(jsonNestingExceeds(arrays(MAX_JSON_DEPTH))).toBe(false)
    expect(jsonNestingExceeds(arrays(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(jsonNestingExceeds(objects(MAX_JSON_DEPTH))).toBe(false)
    expect(jsonNestingExceeds(objects(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(jsonNestingExceeds('[{"a":'.repeat(17) + '1' + '}]'.repeat(17))).toBe(true)
  })

  it('counts depth, not the number of brackets', () => {
    expect(jsonNestingExceeds(`[${Array.from({ length: 10_000 }, () => '[1]').join(',')}]`)).toBe(false)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingExceeds(JSON.stringify({ name: '['.repeat(5_000) }))).toBe(false)
    expect(jsonNestingExceeds(JSON.stringify({ name: `\\"${'{'.repeat(100)}`, other: '"[[[[' }))).toBe(false)
    expect(jsonNestingExceeds(`{"a":"\\\\",  "b":${arrays(40)}}`)).toBe(true)
  })

  it('scans 5,000 nested brackets without recursion', () => {
    expect(jsonNestingExceeds(arrays(5_000))).toBe(true)
    expect(jsonNestingExceeds('['.repeat(1_000_000))).toBe(true)
  })
})
