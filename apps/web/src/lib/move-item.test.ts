import { describe, expect, it } from 'vitest'
import { moveItem } from './move-item'

describe('moveItem (the admin lists reordered with up/down: fields, programmes, a programme\'s days)', () => {
  it('moves an item and clamps the target; the input is untouched', () => {
    const list = ['a', 'b', 'c']
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(list, 2, -5)).toEqual(['c', 'a', 'b'])
    expect(moveItem(list, 7, 0)).toEqual(['a', 'b', 'c'])
    expect(list).toEqual(['a', 'b', 'c'])
  })
})
