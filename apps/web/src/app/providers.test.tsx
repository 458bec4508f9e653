import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { AppProviders } from './providers'

describe('AppProviders › toasts', () => {
  it("label the close button in pt-BR ('Fechar aviso'), never sonner's English 'Close toast'", async () => {
    render(
      <AppProviders>
        <p>página</p>
      </AppProviders>,
    )
    // The outlet mounts once the page is idle; sonner then shows the toast created meanwhile.
    act(() => {
      toast.success('Perfil atualizado!')
    })
    const close = await screen.findByRole('button', { name: 'Fechar aviso' }, { timeout: 3_000 })
    expect(close.getAttribute('aria-label')).toBe('Fechar aviso')
    expect(screen.queryByRole('button', { name: 'Close toast' })).toBeNull()
  })

  it('place the toasts below the 4 rem header, on phones too', async () => {
    render(
      <AppProviders>
        <p>página</p>
      </AppProviders>,
    )
    act(() => {
      toast('Olá')
    })
    await screen.findByRole('button', { name: 'Fechar aviso' }, { timeout: 3_000 })
    const outlet = document.querySelector<HTMLElement>('[data-sonner-toaster]')
    expect(outlet?.style.getPropertyValue('--offset-top')).toBe('calc(4rem + 1rem)')
    expect(outlet?.style.getPropertyValue('--mobile-offset-top')).toBe('calc(4rem + 0.875rem)')
  })
})
