import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLandingNavigation, type Departure, type LandingNavigation } from './landing-navigation'

describe('the landing navigation (ADR 014)', () => {
  let departures: Departure[]
  let navigation: LandingNavigation

  beforeEach(() => {
    window.history.replaceState(null, '', '/')
    departures = []
    navigation = createLandingNavigation({
      initial: { pathname: '/', search: '', hash: '' },
      depart: (departure) => departures.push(departure),
      browser: { history: window.history, window },
    })
  })
  afterEach(() => navigation.dispose())

  it('stays on / for an anchor, a query or / itself, recording each in the history', () => {
    const seen: string[] = []
    navigation.subscribe(() => seen.push(navigation.getLocation().key))
    void navigation.navigate('#planos')
    expect(navigation.getLocation()).toMatchObject({ pathname: '/', hash: '#planos' })
    expect(window.location.hash).toBe('#planos')
    expect(window.history.state).toMatchObject({ idx: 1 })

    void navigation.navigate('/?plano=anual')
    expect(window.location.search).toBe('?plano=anual')
    expect(window.history.state).toMatchObject({ idx: 2 })

    // After signing out the app goes to '/' with replace: a new location key (hooks that wait for
    // the next page see it), no new history entry.
    void navigation.navigate('/', { replace: true })
    expect(window.location.pathname + window.location.search).toBe('/')
    expect(window.history.state).toMatchObject({ idx: 2 })

    expect(new Set(seen).size).toBe(3)
    expect(departures).toEqual([])
    expect(navigation.isDeparting()).toBe(false)
  })

  it('hands any other destination to the app once, with how it enters the history', () => {
    const notified = vi.fn()
    navigation.subscribe(notified)
    void navigation.navigate('/login?plan=anual', { state: { from: 'hero' } })
    expect(departures).toEqual([{ path: { pathname: '/login', search: '?plan=anual', hash: '' }, replace: false, state: { from: 'hero' } }])
    expect(navigation.isDeparting()).toBe(true)
    expect(notified).toHaveBeenCalled()
    // The address is the app's to change (its router navigates), not the landing's.
    expect(window.location.pathname).toBe('/')

    // A second click while the app loads goes nowhere.
    void navigation.navigate('/demo')
    expect(departures).toHaveLength(1)
  })

  it('passes a replacing navigation on as such', () => {
    void navigation.navigate('/dashboard', { replace: true })
    expect(departures[0]).toMatchObject({ path: { pathname: '/dashboard' }, replace: true })
  })

  it('follows back and forward between entries of /, and hands any other entry to the app', () => {
    void navigation.navigate('#planos')
    window.history.replaceState({ usr: null, key: 'k', idx: 0 }, '', '/')
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(navigation.getLocation()).toMatchObject({ pathname: '/', hash: '', key: 'k' })
    expect(departures).toEqual([])

    window.history.replaceState({ usr: { x: 1 }, key: 'p', idx: 3 }, '', '/minha-conta')
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(departures).toEqual([{ path: { pathname: '/minha-conta', search: '', hash: '' }, replace: true, state: { x: 1 } }])
  })

  it('stops following the history once disposed', () => {
    navigation.dispose()
    window.history.replaceState(null, '', '/login')
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(departures).toEqual([])
  })

  it('goes back and forth in the history for a number', () => {
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => undefined)
    void navigation.navigate(-1)
    expect(go).toHaveBeenCalledWith(-1)
    go.mockRestore()
  })

  it('works without a browser (the server render): the location is the one given', () => {
    const server = createLandingNavigation({ initial: { pathname: '/', search: '', hash: '' }, depart: () => undefined })
    expect(server.getLocation()).toMatchObject({ pathname: '/', key: 'default', state: null })
    void server.navigate('#x')
    expect(server.getLocation().hash).toBe('#x')
  })
})
