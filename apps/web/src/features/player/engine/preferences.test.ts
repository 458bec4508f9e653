import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createPreferencesStore,
  DEFAULT_AUDIO_PREFERENCES,
  mergePreferences,
  readAudioPreferences,
  type StorageLike,
} from './preferences'

const KEY = 'audio-preferences'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: vi.fn((key: string) => data.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => {
      data.set(key, value)
    }),
  } satisfies StorageLike & { data: Map<string, string> }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('audio preferences – reading', () => {
  it('has the product defaults', () => {
    expect(DEFAULT_AUDIO_PREFERENCES).toEqual({
      volume: 70,
      repeatCount: 0,
      autoPlay: false,
      showProgress: true,
      pauseBetweenRepeats: 0,
      musicVolume: null,
      nightTimer: null,
    })
    expect(readAudioPreferences(memoryStorage())).toEqual(DEFAULT_AUDIO_PREFERENCES)
    expect(readAudioPreferences(null)).toEqual(DEFAULT_AUDIO_PREFERENCES)
  })

  it('merges stored values with the defaults and drops bad ones', () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({ volume: 40, repeatCount: -3, autoPlay: 'yes', showProgress: false, pauseBetweenRepeats: 2 }),
    })
    expect(readAudioPreferences(storage)).toEqual({
      volume: 40,
      repeatCount: 0,
      autoPlay: false,
      showProgress: false,
      pauseBetweenRepeats: 2,
      musicVolume: null,
      nightTimer: null,
    })
  })

  it("keeps the music's level between 0 and 100, or null for the admins' level", () => {
    const store = createPreferencesStore({ storage: null })
    expect(store.update({ musicVolume: 40 }).musicVolume).toBe(40)
    expect(store.update({ musicVolume: '120' }).musicVolume).toBe(100)
    expect(store.update({ musicVolume: -5 }).musicVolume).toBe(0)
    expect(store.update({ musicVolume: 'alto' }).musicVolume).toBe(0)
    expect(store.update({ musicVolume: null }).musicVolume).toBeNull()
  })

  it('keeps a valid night timer, turns it off with null, and ignores a malformed one', () => {
    const store = createPreferencesStore({ storage: null })
    expect(store.update({ nightTimer: { from: '22:30', minutes: 45 } }).nightTimer).toEqual({ from: '22:30', minutes: 45 })
    expect(store.update({ nightTimer: { from: '25:00', minutes: 45 } }).nightTimer).toEqual({ from: '22:30', minutes: 45 })
    expect(store.update({ nightTimer: { from: '21:00', minutes: 7 } }).nightTimer).toEqual({ from: '22:30', minutes: 45 })
    expect(store.update({ nightTimer: null }).nightTimer).toBeNull()
  })

  it('falls back to the defaults on malformed JSON, non-objects and storage errors', () => {
    expect(readAudioPreferences(memoryStorage({ [KEY]: '{oops' }))).toEqual(DEFAULT_AUDIO_PREFERENCES)
    expect(readAudioPreferences(memoryStorage({ [KEY]: '[1,2]' }))).toEqual(DEFAULT_AUDIO_PREFERENCES)
    expect(readAudioPreferences(memoryStorage({ [KEY]: '42' }))).toEqual(DEFAULT_AUDIO_PREFERENCES)
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {},
    }
    expect(readAudioPreferences(broken)).toEqual(DEFAULT_AUDIO_PREFERENCES)
  })
})

describe('audio preferences – validation', () => {
  const base = { ...DEFAULT_AUDIO_PREFERENCES, repeatCount: 3 }

  it('clamps the volume to 0-100', () => {
    expect(mergePreferences(base, { volume: 150 }).volume).toBe(100)
    expect(mergePreferences(base, { volume: -10 }).volume).toBe(0)
    expect(mergePreferences(base, { volume: '55' }).volume).toBe(55)
    expect(mergePreferences(base, { volume: 'alto' }).volume).toBe(70)
    expect(mergePreferences(base, { volume: Number.NaN }).volume).toBe(70)
  })

  it('keeps repeatCount an integer ≥ 0, ignoring negative or non-numeric input', () => {
    expect(mergePreferences(base, { repeatCount: -1 }).repeatCount).toBe(3)
    expect(mergePreferences(base, { repeatCount: 'abc' }).repeatCount).toBe(3)
    expect(mergePreferences(base, { repeatCount: '' }).repeatCount).toBe(3)
    expect(mergePreferences(base, { repeatCount: null }).repeatCount).toBe(3)
    expect(mergePreferences(base, { repeatCount: Number.POSITIVE_INFINITY }).repeatCount).toBe(3)
    expect(mergePreferences(base, { repeatCount: 0 }).repeatCount).toBe(0)
    expect(mergePreferences(base, { repeatCount: '7' }).repeatCount).toBe(7)
    expect(mergePreferences(base, { repeatCount: 2.9 }).repeatCount).toBe(2)
  })

  it('keeps pauseBetweenRepeats ≥ 0 seconds and booleans boolean', () => {
    expect(mergePreferences(base, { pauseBetweenRepeats: -1 }).pauseBetweenRepeats).toBe(0)
    expect(mergePreferences(base, { pauseBetweenRepeats: 2.5 }).pauseBetweenRepeats).toBe(2.5)
    expect(mergePreferences(base, { autoPlay: 'true' }).autoPlay).toBe(false)
    expect(mergePreferences(base, { autoPlay: true, showProgress: false })).toMatchObject({ autoPlay: true, showProgress: false })
  })
})

describe('PreferencesStore', () => {
  it('changes at once in memory and writes 100 ms after the last change', () => {
    const storage = memoryStorage()
    const store = createPreferencesStore({ storage })
    const listener = vi.fn()
    store.subscribe(listener)

    store.update({ volume: 30 })
    expect(store.get().volume).toBe(30)
    expect(listener).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60)
    store.update({ repeatCount: 5 })
    vi.advanceTimersByTime(99)
    expect(storage.setItem).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(storage.setItem).toHaveBeenCalledTimes(1)
    expect(JSON.parse(storage.data.get(KEY)!)).toEqual({ ...DEFAULT_AUDIO_PREFERENCES, volume: 30, repeatCount: 5 })
  })

  it('ignores bad input without notifying or writing', () => {
    const storage = memoryStorage()
    const store = createPreferencesStore({ storage })
    const listener = vi.fn()
    store.subscribe(listener)
    const before = store.get()
    store.update({ repeatCount: -4, volume: 'x' })
    expect(store.get()).toBe(before)
    expect(listener).not.toHaveBeenCalled()
  })

  it('reads what was stored before', () => {
    const storage = memoryStorage({ [KEY]: JSON.stringify({ volume: 20, repeatCount: 10 }) })
    expect(createPreferencesStore({ storage }).get()).toMatchObject({ volume: 20, repeatCount: 10, autoPlay: false })
  })

  it('resetPreferences goes back to the defaults (and stores them)', () => {
    const storage = memoryStorage({ [KEY]: JSON.stringify({ volume: 20, repeatCount: 10 }) })
    const store = createPreferencesStore({ storage })
    expect(store.resetPreferences()).toEqual(DEFAULT_AUDIO_PREFERENCES)
    vi.advanceTimersByTime(100)
    expect(JSON.parse(storage.data.get(KEY)!)).toEqual(DEFAULT_AUDIO_PREFERENCES)
  })

  it('flush and destroy write a pending change immediately', () => {
    const storage = memoryStorage()
    const store = createPreferencesStore({ storage })
    store.update({ autoPlay: true })
    store.flush()
    expect(storage.setItem).toHaveBeenCalledTimes(1)
    store.update({ volume: 10 })
    store.destroy()
    expect(storage.setItem).toHaveBeenCalledTimes(2)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('writes a change made just before the page is left or hidden, without waiting for the timer', () => {
    // A listener sets "Pausa entre repetições" to 0 and reloads at once: the setting must survive.
    const storage = memoryStorage()
    const store = createPreferencesStore({ storage })
    const stop = store.flushWhenLeaving(document)
    store.update({ pauseBetweenRepeats: 0, repeatCount: 1 })
    window.dispatchEvent(new Event('pagehide'))
    expect(JSON.parse(storage.data.get(KEY)!)).toMatchObject({ pauseBetweenRepeats: 0, repeatCount: 1 })

    store.update({ volume: 15 })
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(JSON.parse(storage.data.get(KEY)!)).not.toMatchObject({ volume: 15 })
    visibility.mockReturnValue('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(JSON.parse(storage.data.get(KEY)!)).toMatchObject({ volume: 15 })

    stop()
    store.update({ volume: 25 })
    window.dispatchEvent(new Event('pagehide'))
    expect(JSON.parse(storage.data.get(KEY)!)).toMatchObject({ volume: 15 })
    visibility.mockRestore()
    store.destroy()
  })

  it('survives a storage that refuses writes, and works without storage', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError') } }
    const store = createPreferencesStore({ storage: refusing })
    store.update({ volume: 5 })
    expect(() => vi.advanceTimersByTime(100)).not.toThrow()
    expect(store.get().volume).toBe(5)
    const memoryOnly = createPreferencesStore({ storage: null })
    memoryOnly.update({ volume: 6 })
    expect(memoryOnly.get().volume).toBe(6)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('uses localStorage by default', () => {
    localStorage.removeItem(KEY)
    const store = createPreferencesStore()
    store.update({ volume: 33 })
    vi.advanceTimersByTime(100)
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ volume: 33 })
    localStorage.removeItem(KEY)
  })
})
