import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { THEME_BOOT_SCRIPT } from '@sintonia/contract'
import indexHtml from '../../index.html?raw'
import landingHtml from '../../landing.html?raw'
import { applyTheme, effectiveTheme, isEvening, readThemeChoice, setEveningNight, setThemeChoice } from './theme'

function systemDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark'), media: query, addEventListener() {}, removeEventListener() {} }))
}

beforeEach(() => {
  localStorage.clear()
  systemDark(false)
})
afterEach(() => vi.unstubAllGlobals())

describe('day and night', () => {
  it('every page sets the theme before its first paint with the one boot script the CSP allows', () => {
    expect(indexHtml).toContain(`<script>${THEME_BOOT_SCRIPT}</script>`)
    expect(landingHtml).toContain(`<script>${THEME_BOOT_SCRIPT}</script>`)
    // The script does what this module does: night when chosen, or when the system is dark.
    for (const [stored, dark, expected] of [
      [null, false, 'day'],
      [null, true, 'night'],
      ['day', true, 'day'],
      ['night', false, 'night'],
    ] as const) {
      localStorage.clear()
      if (stored) localStorage.setItem('sintonia-theme', stored)
      systemDark(dark)
      new Function(THEME_BOOT_SCRIPT)()
      expect(document.documentElement.dataset.theme).toBe(expected)
      expect(effectiveTheme()).toBe(expected)
    }
  })

  it('a choice is kept on the device and applied at once, with the bar colour', () => {
    const meta = document.createElement('meta')
    meta.name = 'theme-color'
    document.head.append(meta)
    setThemeChoice('night')
    expect(readThemeChoice()).toBe('night')
    expect(document.documentElement.dataset.theme).toBe('night')
    expect(meta.getAttribute('content')).toBe('#0e0a1a')
    setThemeChoice('auto')
    expect(localStorage.getItem('sintonia-theme')).toBeNull()
    expect(document.documentElement.dataset.theme).toBe('day')
    localStorage.setItem('sintonia-theme', 'sépia')
    expect(readThemeChoice()).toBe('auto')
    meta.remove()
  })

  it('the evening runs from 19:00 to 05:59', () => {
    expect(isEvening(new Date(2026, 10, 26, 18, 59))).toBe(false)
    expect(isEvening(new Date(2026, 10, 26, 19, 0))).toBe(true)
    expect(isEvening(new Date(2026, 10, 27, 5, 59))).toBe(true)
    expect(isEvening(new Date(2026, 10, 27, 6, 0))).toBe(false)
    setEveningNight(false)
    expect(localStorage.getItem('sintonia-evening-night')).toBe('off')
    setEveningNight(true)
    applyTheme()
    expect(localStorage.getItem('sintonia-evening-night')).toBeNull()
  })
})
