import { describe, expect, it } from 'vitest'
import { DISMISSED_INSTALL_KEY, detectPlatform, isInstallable, readDismissed, shouldShowInstallButton } from './platform'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const IPADOS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

describe('detectPlatform', () => {
  it('recognises iPhone, iPadOS (Mac UA with touch), Android and desktop', () => {
    expect(detectPlatform({ userAgent: IPHONE })).toBe('ios')
    expect(detectPlatform({ userAgent: IPADOS, maxTouchPoints: 5 })).toBe('ios')
    expect(detectPlatform({ userAgent: IPADOS, maxTouchPoints: 0 })).toBe('desktop')
    expect(detectPlatform({ userAgent: ANDROID })).toBe('android')
    expect(detectPlatform({ userAgent: WINDOWS })).toBe('desktop')
  })
})

describe('install rules', () => {
  it('iOS counts as installable only outside standalone mode; others need the browser prompt', () => {
    expect(isInstallable('ios', false, false)).toBe(true)
    expect(isInstallable('ios', true, false)).toBe(false)
    expect(isInstallable('android', false, false)).toBe(false)
    expect(isInstallable('android', false, true)).toBe(true)
    expect(isInstallable('desktop', true, true)).toBe(false)
  })

  it('hides the button when installed, not installable or dismissed', () => {
    const base = { platform: 'android' as const, standalone: false, installable: true, dismissed: false }
    expect(shouldShowInstallButton(base)).toBe(true)
    expect(shouldShowInstallButton({ ...base, standalone: true })).toBe(false)
    expect(shouldShowInstallButton({ ...base, installable: false })).toBe(false)
    expect(shouldShowInstallButton({ ...base, dismissed: true })).toBe(false)
  })

  it("reads the dismissal flag 'dm:dismissedInstall' = '1'", () => {
    localStorage.setItem(DISMISSED_INSTALL_KEY, '1')
    expect(readDismissed(localStorage)).toBe(true)
    localStorage.setItem(DISMISSED_INSTALL_KEY, 'yes')
    expect(readDismissed(localStorage)).toBe(false)
    localStorage.removeItem(DISMISSED_INSTALL_KEY)
    expect(readDismissed(localStorage)).toBe(false)
  })
})
