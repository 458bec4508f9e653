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
  it('draws the **negrito** and *itálico* the landing editor promises, as elements around text', () => {
    const { container } = render(<RichText text={'Três **minutos** por dia, *no seu ritmo*.\n\n**Tudo *junto* aqui**, 2 * 3 = 6 e ** solto.'} />)
    const [first, second] = container.querySelectorAll('p')
    expect(first!.innerHTML).toBe('Três <strong class="font-semibold">minutos</strong> por dia, <em>no seu ritmo</em>.')
    expect(second!.querySelector('strong')?.innerHTML).toBe('Tudo <em>junto</em> aqui')
    expect(second!.textContent).toBe('Tudo junto aqui, 2 * 3 = 6 e ** solto.')
    expect(container.textContent).not.toContain('**minutos**')
  })

  it('never reads HTML out of the emphasis', () => {
    const { container } = render(<RichText text={'**<img src=x onerror=alert(1)>** e *<b>x</b>*'} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
  })

  it('renders text, never HTML', () => {
    const { container } = render(<RichText text={'A <img src=x onerror=alert(1)> B\n\nC'} />)
    expect(container.querySelectorAll('p')).toHaveLength(2)
    expect(container.querySelector('img')).toBeNull()
  })
})
