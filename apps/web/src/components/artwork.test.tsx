import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { ARTWORK_SCENES, Artwork, audioArtwork, hueOf, sceneKindOf } from './artwork'

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

  it("takes the family's hue and scene when given them, so an audio wears its field's colour", () => {
    const hue = hueOf('campo-calma')
    const field = drawing('campo-calma')
    const { container, unmount } = render(<Artwork {...audioArtwork({ id: 'audio-1', fieldId: 'campo-calma' })} />)
    const colours = [...container.querySelectorAll('stop')].map((stop) => stop.getAttribute('stop-color'))
    unmount()
    expect(colours[0]).toBe(field.colours[0])
    expect(colours[0]).toMatch(new RegExp(`^hsl\\(${hue}|^hsl\\(${(hue + 10) % 360} `))
  })

  it('is decorative: hidden from assistive technology, with what it wraps still readable', () => {
    const { container, getByText } = render(<Artwork seed="x"><span>Calma</span></Artwork>)
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    getByText('Calma')
  })

  it('draws several scenes, and a field and its audios share one (related, not identical)', () => {
    const fields = Array.from({ length: 40 }, (_, k) => `campo-${k}`)
    expect(new Set(fields.map(sceneKindOf))).toEqual(new Set(ARTWORK_SCENES))
    const field = 'campo-autoestima'
    const scenes = ['audio-a', 'audio-b'].map((id) => {
      const source = audioArtwork({ id, fieldId: field })
      const { container, unmount } = render(<Artwork {...source} />)
      const drawn = { scene: container.querySelector('svg')?.getAttribute('data-scene'), markup: container.innerHTML }
      unmount()
      return drawn
    })
    expect(scenes.map((drawn) => drawn.scene)).toEqual([sceneKindOf(field), sceneKindOf(field)])
    expect(scenes[0]!.markup).not.toBe(scenes[1]!.markup)
  })
})
