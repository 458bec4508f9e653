import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { RichText, toParagraphs } from './rich-text'

describe('toParagraphs', () => {
  it('splits on blank lines and trims', () => {
    expect(toParagraphs('  Primeiro parágrafo.\n\n\nSegundo\nlinha dois  ')).toEqual([
      'Primeiro parágrafo.',
      'Segundo\nlinha dois',
    ])
  })

  it('reduces markup to text', () => {
    expect(toParagraphs('<p>Olá <strong>mundo</strong> &amp; cia</p><p>Fim<br>ok</p>')).toEqual([
      'Olá mundo & cia',
      'Fim\nok',
    ])
  })

  it('handles empty input', () => {
    expect(toParagraphs(undefined)).toEqual([])
    expect(toParagraphs('  \n\n ')).toEqual([])
  })
})

describe('RichText', () => {
  it('renders text, never HTML', () => {
    const { container } = render(<RichText text={'A <img src=x onerror=alert(1)> B\n\nC'} />)
    expect(container.querySelectorAll('p')).toHaveLength(2)
    expect(container.querySelector('img')).toBeNull()
  })
})
