import { CHECKOUT_REDIRECT_DELAY_MS } from '@sintonia/contract'

/**
 * Leaving for the payment provider's hosted page (docs/product/commerce.md#leaving-for-the-provider):
 * after 500 ms, in the top frame when the app is framed, otherwise in this tab (ADR 008: a same-tab
 * redirect instead of a new tab; the toast's 'Abrir agora' opens a new tab as the fallback).
 */

export type RedirectWindow = Pick<Window, 'location' | 'self' | 'top' | 'open'>

/** True when the app runs inside a frame (or its parent cannot even be compared). */
export function isFramed(win: RedirectWindow = window): boolean {
  try {
    return win.self !== win.top
  } catch {
    return true
  }
}

/** Only the provider's web address is followed; anything else is treated as "no URL received". */
export function usableProviderUrl(url: unknown): string | null {
  if (typeof url !== 'string' || !url.trim()) return null
  try {
    const parsed = new URL(url, window.location.origin)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

/** Navigates the top frame (framed) or this tab to `url`. */
export function navigateToProvider(url: string, win: RedirectWindow = window): void {
  if (isFramed(win)) {
    try {
      // A sandboxed frame without top navigation throws; the tab itself then goes.
      win.top!.location.href = url
      return
    } catch {
      // fall through
    }
  }
  win.location.assign(url)
}

/** Opens the provider in a new tab (the toast's 'Abrir agora'). */
export function openProviderInNewTab(url: string, win: RedirectWindow = window): void {
  win.open(url, '_blank', 'noopener,noreferrer')
}

/** Schedules the redirect; returns a function that cancels it. */
export function scheduleProviderRedirect(url: string, win: RedirectWindow = window, delayMs = CHECKOUT_REDIRECT_DELAY_MS): () => void {
  const timer = setTimeout(() => navigateToProvider(url, win), delayMs)
  return () => clearTimeout(timer)
}
