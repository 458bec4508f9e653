import { describe, expect, it } from 'vitest'
import { collectTags, filterByTags, isUuid, visibleTags } from './tag-filter'

const audios = [
  { id: 'a', tags: ['Sono', 'ansiedade'] },
  { id: 'b', tags: ['Foco'] },
  { id: 'c', tags: ['Ânimo', 'sono'] },
  { id: 'd', tags: [] },
]

describe('collectTags', () => {
  it('returns unique tags sorted with pt-BR rules', () => {
    const tags = collectTags([{ tags: ['Sono', 'ansiedade', 'Zen'] }, { tags: ['Foco', 'Ânimo', 'Sono'] }])
    expect(tags).toEqual(['Ânimo', 'ansiedade', 'Foco', 'Sono', 'Zen'])
  })
  it('keeps at most 10 tags', () => {
    const many = [{ tags: Array.from({ length: 15 }, (_, i) => `tag ${String(i).padStart(2, '0')}`) }]
    const tags = collectTags(many)
    expect(tags).toHaveLength(10)
    expect(tags[0]).toBe('tag 00')
    expect(tags[9]).toBe('tag 09')
  })
})

describe('filterByTags', () => {
  it('shows everything with no selection', () => {
    expect(filterByTags(audios, [])).toHaveLength(4)
  })
  it('matches an audio that has ANY selected tag', () => {
    expect(filterByTags(audios, ['Sono', 'Foco']).map((a) => a.id)).toEqual(['a', 'b'])
    expect(filterByTags(audios, new Set(['sono'])).map((a) => a.id)).toEqual(['c'])
  })
  it('returns an empty list when nothing matches', () => {
    expect(filterByTags(audios, ['Inexistente'])).toEqual([])
  })
})

describe('visibleTags', () => {
  it('shows 2 tags and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], hidden: 2 })
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], hidden: 0 })
  })
})

describe('isUuid', () => {
  it('accepts UUIDs only', () => {
    expect(isUuid('6f1c2d1e-8b0a-4c3e-9a55-0d6b8f1e2a3b')).toBe(true)
    expect(isUuid('abc')).toBe(false)
    expect(isUuid(undefined)).toBe(false)
  })
})
