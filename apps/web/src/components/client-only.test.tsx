import { lazy } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ClientOnly } from './client-only'

const Part = lazy(async () => ({ default: () => <p>parte do navegador</p> }))

function View() {
  return (
    <div>
      <ClientOnly fallback={<p>reservado</p>}>
        <Part />
      </ClientOnly>
    </div>
  )
}

describe('ClientOnly', () => {
  it('is its fallback on the server, with no boundary left for the browser to redo', () => {
    const html = renderToString(<View />)
    expect(html).toBe('<div><p>reservado</p></div>')
  })

  it('hydrates the server fallback without an error, then shows the part', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<View />)
    document.body.append(container)
    const fallback = container.querySelector('p')
    const onRecoverableError = vi.fn()
    await act(async () => {
      hydrateRoot(container, <View />, { onRecoverableError })
    })
    await screen.findByText('parte do navegador')
    expect(onRecoverableError).not.toHaveBeenCalled()
    expect(fallback?.isConnected).toBe(false)
    container.remove()
  })

  it('in a page rendered from scratch, suspends like a plain boundary', async () => {
    render(<View />)
    await screen.findByText('parte do navegador')
  })
})
