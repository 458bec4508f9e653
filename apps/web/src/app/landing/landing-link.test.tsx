import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { AppNavigationProvider } from '../../lib/navigation'
import { LandingLink } from './landing-link'

function renderLink(element: React.ReactElement) {
  const navigate = vi.fn()
  render(
    <AppNavigationProvider value={{ location: { pathname: '/', search: '', hash: '', state: null, key: 'default' }, navigate, Link: LandingLink }}>
      {element}
    </AppNavigationProvider>,
  )
  return navigate
}

describe('the landing link', () => {
  it('is a real link that navigates in the page on a plain click', () => {
    const navigate = renderLink(
      <LandingLink to="/login?plan=anual" replace state={{ a: 1 }} className="x" preventScrollReset>
        Entrar
      </LandingLink>,
    )
    const link = screen.getByRole('link', { name: 'Entrar' })
    expect(link.getAttribute('href')).toBe('/login?plan=anual')
    expect(link.className).toBe('x')
    // Router-only options never reach the DOM.
    expect(link.hasAttribute('preventscrollreset')).toBe(false)
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    link.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(navigate).toHaveBeenCalledWith('/login?plan=anual', { replace: true, state: { a: 1 } })
  })

  it('leaves a click with a modifier, a new tab or a full reload to the browser', () => {
    const navigate = renderLink(
      <>
        <LandingLink to="/demo">Demo</LandingLink>
        <LandingLink to="/terms" target="_blank">
          Termos
        </LandingLink>
        <LandingLink to="/lgpd" reloadDocument>
          LGPD
        </LandingLink>
      </>,
    )
    fireEvent.click(screen.getByRole('link', { name: 'Demo' }), { ctrlKey: true })
    fireEvent.click(screen.getByRole('link', { name: 'Termos' }))
    fireEvent.click(screen.getByRole('link', { name: 'LGPD' }))
    expect(navigate).not.toHaveBeenCalled()
  })

  it('runs its own onClick first, and respects it preventing the navigation', () => {
    const navigate = renderLink(
      <LandingLink to="/demo" onClick={(event) => event.preventDefault()}>
        Demo
      </LandingLink>,
    )
    fireEvent.click(screen.getByRole('link', { name: 'Demo' }))
    expect(navigate).not.toHaveBeenCalled()
  })
})
