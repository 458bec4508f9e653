import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { Artwork, hueOf } from './artwork'

function drawing(seed: string, hue?: number) {
  const { container, unmount } = render(<Artwork seed={seed} hue={hue} />)
  const paths = [...container.querySelectorAll('path')].map((path) => path.getAttribute('d'))
  const colours = [...container.querySelectorAll('stop')].map((stop) => stop.getAttribute('stop-color'))
  unmount()
  return { paths, colours }
}

describe('Artwork', () => {
  it('draws the same cover for the same seed, and another for another seed', () => {
    expect(drawing('campo-autoestima')).toEqual(drawing('campo-autoestima'))
    expect(drawing('campo-autoestima').paths).not.toEqual(drawing('campo-calma').paths)
  })

  it("takes the family's hue when given one, so an audio wears its field's colour", () => {
    const hue = hueOf('campo-calma')
    expect(drawing('audio-1', hue).colours[0]).toBe(`hsl(${hue} 62% 30%)`)
  })

  it('is decorative: hidden from assistive technology, with what it wraps still readable', () => {
    const { container, getByText } = render(<Artwork seed="x"><span>Calma</span></Artwork>)
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    getByText('Calma')
  })
})
