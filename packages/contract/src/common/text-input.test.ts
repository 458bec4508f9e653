import { describe, expect, it } from 'vitest'
import { findInvalidText, hasInvalidTextCharacter } from './text-input.js'

describe('text a person may send', () => {
  it('refuses a NUL character anywhere in a text', () => {
    expect(hasInvalidTextCharacter('Ana\u0000')).toBe(true)
    expect(hasInvalidTextCharacter('\u0000')).toBe(true)
    expect(hasInvalidTextCharacter('Ana Luíza 😊 \u0001 \t')).toBe(false)
  })

  it('names the first field holding one, as the validation errors do', () => {
    expect(findInvalidText({ name: 'Ana', email: 'a@b.com' })).toBeNull()
    expect(findInvalidText({ name: 'A\u0000na' })).toBe('name')
    expect(findInvalidText({ days: [{ items: [] }, { intention: 'x\u0000' }] })).toBe('days.1.intention')
    expect(findInvalidText(['ok', 'n\u0000o'])).toBe('1')
    expect(findInvalidText('\u0000')).toBe('')
    expect(findInvalidText({ ['chave\u0000']: 1 })).toBe('chave\\u0000')
    expect(findInvalidText(Object.assign(Object.create(null) as object, { q: 'a\u0000' }))).toBe('q')
    // Fastify's query and params objects inherit from a prototype-less object.
    const NullObject = function () {} as unknown as { new (): object; prototype: object }
    NullObject.prototype = Object.create(null) as object
    expect(findInvalidText(Object.assign(new NullObject(), { slug: 'a\u0000' }))).toBe('slug')
  })

  it('leaves numbers, booleans, null and buffers alone, and walks deep values without recursion', () => {
    expect(findInvalidText({ a: 1, b: true, c: null, d: undefined })).toBeNull()
    expect(findInvalidText(new Uint8Array([0, 0]))).toBeNull()
    let deep: unknown = 'fundo\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(findInvalidText(deep)).toMatch(/^0(\.0)+$/)
  })
})
