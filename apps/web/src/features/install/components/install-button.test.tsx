import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DISMISSED_INSTALL_KEY } from '../lib/platform'
import { InstallButton } from './install-button'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

function useUserAgent(ua: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua)
}

/** A beforeinstallprompt event as Chromium fires it. */
function installPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>
    userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
  }
  event.prompt = vi.fn(async () => {})
  event.userChoice = Promise.resolve({ outcome })
  return event
}

beforeEach(() => {
  localStorage.clear()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('InstallButton (install states)', () => {
  it('is hidden on a desktop browser that offers no install prompt', () => {
    render(<InstallButton />)
    expect(screen.queryByRole('button', { name: /Instalar app/ })).toBeNull()
  })

  it("uses the browser's own prompt where it exists, and hides once the app is installed", async () => {
    render(<InstallButton />)
    const event = installPrompt('accepted')
    act(() => {
      window.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(true) // the mini-infobar stays away; our button asks
    fireEvent.click(screen.getByRole('button', { name: /Instalar app/ }))
    await act(async () => {
      await event.userChoice
    })
    expect(event.prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: /Instalar app/ })).toBeNull()
  })

  it("on iPhone opens the install help, badges 'Sua plataforma', and 'Não mostrar novamente' hides it for good", async () => {
    useUserAgent(IPHONE)
    const { unmount } = render(<InstallButton />)
    fireEvent.click(screen.getByRole('button', { name: /Instalar app/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Instale o app' })
    const mine = within(dialog).getByText('Sua plataforma').closest('button')!
    expect(mine.textContent).toContain('iPhone/iPad (Safari)')
    expect(mine.getAttribute('aria-expanded')).toBe('true')
    expect(within(dialog).getByRole('button', { name: /Android/ }).getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Não mostrar novamente' }))
    expect(localStorage.getItem(DISMISSED_INSTALL_KEY)).toBe('1')
    expect(screen.queryByRole('button', { name: /Instalar app/ })).toBeNull()
    unmount()
    render(<InstallButton />)
    expect(screen.queryByRole('button', { name: /Instalar app/ })).toBeNull()
  })

  it('is hidden when the app already runs installed (standalone)', () => {
    useUserAgent(IPHONE)
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query === '(display-mode: standalone)' })) as typeof window.matchMedia
    try {
      render(<InstallButton />)
      expect(screen.queryByRole('button', { name: /Instalar app/ })).toBeNull()
    } finally {
      window.matchMedia = original
    }
  })
})
