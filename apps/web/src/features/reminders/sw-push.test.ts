import { describe, expect, it, vi } from 'vitest'
import { notificationTarget, openOrFocus, parseReminderPush } from './sw-push'

const reminder = { title: 'Hora da sua prática', body: 'Reserve alguns minutos para você hoje.', url: '/hoje?lembrete=abc', tag: 'lembrete-2026-03-10' }

describe('the push reminder in the service worker', () => {
  it('reads a reminder payload', () => {
    expect(parseReminderPush(reminder)).toEqual(reminder)
  })

  it('ignores anything else: not an object, missing or empty fields, an address outside the site', () => {
    for (const bad of [null, 'texto', 42, {}, { ...reminder, title: '' }, { ...reminder, body: 3 }, { ...reminder, tag: undefined }, { ...reminder, url: 'https://outro.site/x' }, { ...reminder, url: '//outro.site' }, { ...reminder, url: '/\\outro' }]) {
      expect(parseReminderPush(bad), JSON.stringify(bad)).toBeNull()
    }
  })

  it("a click goes to the reminder's path on this site, or to /hoje", () => {
    expect(notificationTarget({ url: '/hoje?lembrete=abc' }, 'https://sintonia.app')).toBe('https://sintonia.app/hoje?lembrete=abc')
    expect(notificationTarget({ url: 'https://outro.site' }, 'https://sintonia.app')).toBe('https://sintonia.app/hoje')
    expect(notificationTarget(null, 'https://sintonia.app')).toBe('https://sintonia.app/hoje')
  })

  it('focuses an open window of the app and takes it there; without one, opens a window', async () => {
    const navigate = vi.fn(async () => null)
    const app = { url: 'https://sintonia.app/dashboard', focus: vi.fn(async () => app), navigate }
    const other = { url: 'https://outro.site/', focus: vi.fn(), navigate: vi.fn() }
    const openWindow = vi.fn(async () => null)
    const worker = { location: { origin: 'https://sintonia.app' }, clients: { matchAll: vi.fn(async () => [other, app]), openWindow } }
    await openOrFocus(worker as never, 'https://sintonia.app/hoje?lembrete=abc')
    expect(app.focus).toHaveBeenCalled()
    expect(navigate).toHaveBeenCalledWith('https://sintonia.app/hoje?lembrete=abc')
    expect(openWindow).not.toHaveBeenCalled()
    expect(other.focus).not.toHaveBeenCalled()

    worker.clients.matchAll.mockResolvedValueOnce([other])
    await openOrFocus(worker as never, 'https://sintonia.app/hoje')
    expect(openWindow).toHaveBeenCalledWith('https://sintonia.app/hoje')
  })

  it('opens a window when the open one cannot be taken there (not controlled by this worker)', async () => {
    const app = { url: 'https://sintonia.app/', focus: vi.fn(async () => null), navigate: vi.fn(async () => Promise.reject(new TypeError('not controlled'))) }
    const openWindow = vi.fn(async () => null)
    await openOrFocus({ location: { origin: 'https://sintonia.app' }, clients: { matchAll: async () => [app], openWindow } } as never, 'https://sintonia.app/hoje')
    expect(openWindow).toHaveBeenCalledWith('https://sintonia.app/hoje')
  })
})
