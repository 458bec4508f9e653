import { useEffect, useSyncExternalStore } from 'react'
import {
  EVENING_ENDS_HOUR,
  EVENING_NIGHT_STORAGE_KEY,
  EVENING_STARTS_HOUR,
  THEME_CHOICES,
  THEME_STORAGE_KEY,
  type Theme,
  type ThemeChoice,
} from '@sintonia/contract'
import { safeLocalStorage } from './safe-local-storage'

/**
 * Day and night on this device (docs/design.md#night): the listener's choice ("automático" follows
 * the system), applied to <html data-theme>. The boot script in the HTML did the same before the
 * first paint; this keeps it in step afterwards (a new choice, the system switching, the evening).
 */

/** The bar colour of the installed app and of mobile browsers, per theme (the page's surface). */
const THEME_COLORS: Record<Theme, string> = { day: '#ffffff', night: '#0e0a1a' }

const listeners = new Set<() => void>()
/** Pages that open in night during the evening (the player) while they are shown. */
let eveningRequests = 0

function systemPrefersNight(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}

export function readThemeChoice(): ThemeChoice {
  const stored = safeLocalStorage()?.getItem(THEME_STORAGE_KEY)
  return (THEME_CHOICES as readonly string[]).includes(stored ?? '') ? (stored as ThemeChoice) : 'auto'
}

/** Whether the player turns to night in the evening (on unless the listener turned it off). */
export function readEveningNight(): boolean {
  return safeLocalStorage()?.getItem(EVENING_NIGHT_STORAGE_KEY) !== 'off'
}

export function isEvening(now: Date = new Date()): boolean {
  const hour = now.getHours()
  return hour >= EVENING_STARTS_HOUR || hour < EVENING_ENDS_HOUR
}

/** The theme a page shows now: the choice, else the system, else night for the player in the evening. */
export function effectiveTheme(choice: ThemeChoice = readThemeChoice(), now: Date = new Date()): Theme {
  if (choice !== 'auto') return choice
  if (systemPrefersNight()) return 'night'
  return eveningRequests > 0 && readEveningNight() && isEvening(now) ? 'night' : 'day'
}

export function applyTheme(): void {
  if (typeof document === 'undefined') return
  const theme = effectiveTheme()
  document.documentElement.dataset.theme = theme
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme])
  for (const listener of [...listeners]) listener()
}

export function setThemeChoice(choice: ThemeChoice): void {
  const storage = safeLocalStorage()
  try {
    if (choice === 'auto') storage?.removeItem(THEME_STORAGE_KEY)
    else storage?.setItem(THEME_STORAGE_KEY, choice)
  } catch {
    // Storage blocked: the choice holds for this visit.
  }
  applyTheme()
}

export function setEveningNight(on: boolean): void {
  try {
    if (on) safeLocalStorage()?.removeItem(EVENING_NIGHT_STORAGE_KEY)
    else safeLocalStorage()?.setItem(EVENING_NIGHT_STORAGE_KEY, 'off')
  } catch {
    // Storage blocked: nothing to keep.
  }
  applyTheme()
}

/** Applies the theme now and whenever the system's dark setting changes (once per page). */
export function followSystemTheme(): void {
  applyTheme()
  if (typeof matchMedia !== 'function') return
  matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => applyTheme())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function snapshot(): string {
  return `${readThemeChoice()}|${typeof document === 'undefined' ? 'day' : (document.documentElement.dataset.theme ?? 'day')}|${readEveningNight()}`
}

/** The listener's choice, the theme shown, and whether the evening rule is on. */
export function useTheme(): { choice: ThemeChoice; theme: Theme; eveningNight: boolean } {
  const [choice, theme, evening] = useSyncExternalStore(subscribe, snapshot, () => 'auto|day|true').split('|')
  return { choice: choice as ThemeChoice, theme: theme as Theme, eveningNight: evening === 'true' }
}

/**
 * While the calling page is shown (the player, the sleep content), the evening turns it to night
 * for a listener who keeps "automático" and the evening rule on.
 */
export function useNightInTheEvening(active = true): void {
  useEffect(() => {
    if (!active) return
    eveningRequests++
    applyTheme()
    return () => {
      eveningRequests--
      applyTheme()
    }
  }, [active])
}
