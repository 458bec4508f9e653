import { describe, expect, it } from 'vitest'
import { keyBytes } from './push-device'
import { draftOf, pushBlocker, REMINDER_FORM_MSG, toggle, validateDraft, type PushSupport } from './reminder-form'

const base = { enabled: true, time: '07:30', weekdays: [1, 3], channels: ['push' as const] }

describe('the reminder form checks', () => {
  it('accepts a time, at least one weekday and one channel; reminders off need nothing', () => {
    expect(validateDraft(base)).toEqual({})
    expect(validateDraft({ ...base, enabled: false, weekdays: [], channels: [], time: '' })).toEqual({})
  })

  it('names each missing part in pt-BR', () => {
    expect(validateDraft({ ...base, time: '7:30' })).toEqual({ time: REMINDER_FORM_MSG.time })
    expect(validateDraft({ ...base, time: '24:00' }).time).toBe(REMINDER_FORM_MSG.time)
    expect(validateDraft({ ...base, weekdays: [] })).toEqual({ weekdays: REMINDER_FORM_MSG.weekdays })
    expect(validateDraft({ ...base, channels: [] })).toEqual({ channels: REMINDER_FORM_MSG.channels })
  })

  it('reads the saved settings in a stable order', () => {
    const preferences = { timeZone: 'America/Sao_Paulo', timeZoneChosen: true, hideStreak: false, pushDevices: 0, reminders: { enabled: true, time: '20:00', weekdays: [5, 1], channels: ['email' as const, 'push' as const] } }
    expect(draftOf(preferences)).toEqual({ enabled: true, time: '20:00', weekdays: [1, 5], channels: ['push', 'email'] })
    expect(toggle([1, 2], 2)).toEqual([1])
    expect(toggle([1], 2)).toEqual([1, 2])
  })
})

describe('what stands between this device and push reminders', () => {
  const desktop: PushSupport = { supported: true, ios: false, standalone: false, permission: 'default' }

  it('nothing on a browser that can ask', () => {
    expect(pushBlocker(desktop)).toBeNull()
    expect(pushBlocker({ ...desktop, permission: 'granted' })).toBeNull()
  })

  it('an iPhone or iPad outside the installed app needs the app on the home screen, even where Safari lacks push entirely', () => {
    expect(pushBlocker({ ...desktop, ios: true })).toBe('ios-install')
    expect(pushBlocker({ ...desktop, ios: true, supported: false, permission: 'unsupported' })).toBe('ios-install')
    expect(pushBlocker({ ...desktop, ios: true, standalone: true })).toBeNull()
  })

  it('a browser without push, and a refused permission', () => {
    expect(pushBlocker({ ...desktop, supported: false, permission: 'unsupported' })).toBe('unsupported')
    expect(pushBlocker({ ...desktop, permission: 'denied' })).toBe('denied')
  })

  it("turns the server's base64url key into the bytes the push manager takes", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256)
    const base64url = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    expect([...keyBytes(base64url)]).toEqual([...bytes])
  })
})
