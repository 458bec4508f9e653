import { describe, expect, it } from 'vitest'
import { isProgressMilestone } from './progress'

describe('isProgressMilestone', () => {
  it('is true on multiples of 5 only', () => {
    expect([0, 1, 4, 5, 6, 10, 15, 16].map(isProgressMilestone)).toEqual([false, false, false, true, false, true, true, false])
  })
})
