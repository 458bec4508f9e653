import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { AppearanceSettings } from './appearance-settings'

beforeEach(() => {
  localStorage.clear()
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }))
})
afterEach(() => vi.unstubAllGlobals())

describe('AppearanceSettings', () => {
  it('offers Automático, Dia and Noite; a choice switches the page and is kept', () => {
    render(<AppearanceSettings />)
    screen.getByRole('heading', { name: 'Aparência' })
    const auto = screen.getByRole('radio', { name: /Automático/ })
    expect(auto.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('radio', { name: /Noite/ }))
    expect(screen.getByRole('radio', { name: /Noite/ }).getAttribute('aria-checked')).toBe('true')
    expect(document.documentElement.dataset.theme).toBe('night')
    expect(localStorage.getItem('sintonia-theme')).toBe('night')
    // The evening rule only applies to "Automático".
    expect((screen.getByRole('switch', { name: /Player em modo noite à noite/ }) as HTMLInputElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: /Dia/ }))
    expect(document.documentElement.dataset.theme).toBe('day')
  })
})
