import { afterEach, describe, expect, it } from 'vitest'
import { LAST_ROUTE_KEY } from './personal-data'
import { isEntryPath, isStandaloneMode, readLastRoute, rememberRoute, standaloneStartTarget } from './last-route'

afterEach(() => window.localStorage.clear())

describe('last route', () => {
  it('stores path and search for every page except /, /landing and /home', () => {
    rememberRoute('/campo/abc', '?audio=1')
    expect(window.localStorage.getItem(LAST_ROUTE_KEY)).toBe('/campo/abc?audio=1')
    for (const entry of ['/', '/landing', '/home', '/home/']) {
      rememberRoute(entry, '?x=1')
      expect(window.localStorage.getItem(LAST_ROUTE_KEY)).toBe('/campo/abc?audio=1')
    }
    rememberRoute('/dashboard', '')
    expect(readLastRoute()).toBe('/dashboard')
  })

  it('never stores a reset token or the login pages', () => {
    rememberRoute('/dashboard', '')
    rememberRoute('/redefinir-senha', '?token=secret')
    rememberRoute('/login', '?redirect=%2Fx')
    expect(window.localStorage.getItem(LAST_ROUTE_KEY)).toBe('/dashboard')
  })

  it('reads back only safe values', () => {
    window.localStorage.setItem(LAST_ROUTE_KEY, '//evil.example')
    expect(readLastRoute()).toBeNull()
    window.localStorage.setItem(LAST_ROUTE_KEY, '/')
    expect(readLastRoute()).toBeNull()
  })

  it('recognises the entry paths', () => {
    expect(isEntryPath('/')).toBe(true)
    expect(isEntryPath('/landing')).toBe(true)
    expect(isEntryPath('/home')).toBe(true)
    expect(isEntryPath('/demo')).toBe(false)
  })
})

describe('installed-mode start', () => {
  const base = { pathname: '/', signedIn: true, standalone: true, lastRoute: '/campo/1' }

  it('returns a signed-in person to the stored route, or /dashboard', () => {
    expect(standaloneStartTarget(base)).toBe('/campo/1')
    expect(standaloneStartTarget({ ...base, pathname: '/home' })).toBe('/campo/1')
    expect(standaloneStartTarget({ ...base, lastRoute: null })).toBe('/dashboard')
  })

  it('does nothing in a browser tab, for visitors, or away from the entry paths', () => {
    expect(standaloneStartTarget({ ...base, standalone: false })).toBeNull()
    expect(standaloneStartTarget({ ...base, signedIn: false })).toBeNull()
    expect(standaloneStartTarget({ ...base, pathname: '/demo' })).toBeNull()
  })

  it('detects standalone mode by display-mode or iOS navigator.standalone', () => {
    const fake = (matches: boolean, standalone?: boolean) =>
      ({ matchMedia: () => ({ matches }), navigator: { standalone } }) as unknown as Window
    expect(isStandaloneMode(fake(true))).toBe(true)
    expect(isStandaloneMode(fake(false, true))).toBe(true)
    expect(isStandaloneMode(fake(false))).toBe(false)
  })
})
