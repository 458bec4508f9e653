import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { RepetitionRing } from './player-card'

function ring(done: number, target: number, within: number) {
  const { container, unmount } = render(<RepetitionRing done={done} target={target} within={within} />)
  const fills = [...container.querySelectorAll('circle[stroke="#d8cfff"]')]
  const result = {
    segments: container.querySelectorAll('circle[stroke="rgb(255 255 255 / 0.16)"]').length,
    full: fills.filter((circle) => circle.hasAttribute('data-filled')).length,
    lengths: fills.map((circle) => circle.getAttribute('stroke-dasharray')),
  }
  unmount()
  return result
}

describe('RepetitionRing', () => {
  it('draws one arc per repetition: the heard ones full, the one playing filling with the audio', () => {
    const three = ring(1, 3, 0.5)
    expect(three.segments).toBe(3)
    expect(three.full).toBe(1)
    // 360/3 − a 6° gap = 114° per arc; the second is half drawn.
    expect(three.lengths).toEqual(['114 360', '57 360'])
    expect(ring(3, 3, 0).full).toBe(3)
  })

  it('reads as one continuous ring for many repetitions, and fills with each repetition for "sem parar"', () => {
    const many = ring(10, 20, 0)
    expect(many.segments).toBe(1)
    expect(many.lengths).toEqual(['180 360'])
    const endless = ring(7, 0, 0.25)
    expect(endless.segments).toBe(1)
    expect(endless.lengths).toEqual(['90 360'])
  })
})
