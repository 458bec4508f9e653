import { afterEach, describe, expect, it } from 'vitest'
import type { Field } from '@sintonia/contract'
import { availableAudiosLabel, filterFields } from './fields'
import { dismissWelcomeBanner, JUST_SUBSCRIBED_KEY, SEEN_WELCOME_KEY, shouldShowWelcomeBanner } from './welcome-banner'

describe('welcome banner flags', () => {
  afterEach(() => localStorage.clear())

  it("shows only when justSubscribed is 'true' and this account has not closed it", () => {
    expect(shouldShowWelcomeBanner('ana', localStorage)).toBe(false)
    localStorage.setItem(JUST_SUBSCRIBED_KEY, 'true')
    expect(shouldShowWelcomeBanner('ana', localStorage)).toBe(true)
    localStorage.setItem(SEEN_WELCOME_KEY, JSON.stringify(['ana']))
    expect(shouldShowWelcomeBanner('ana', localStorage)).toBe(false)
    expect(shouldShowWelcomeBanner('bia', localStorage)).toBe(true)
    // The flag of earlier versions: someone closed it on this device.
    localStorage.setItem(SEEN_WELCOME_KEY, 'true')
    expect(shouldShowWelcomeBanner('bia', localStorage)).toBe(false)
    localStorage.removeItem(SEEN_WELCOME_KEY)
    localStorage.setItem(JUST_SUBSCRIBED_KEY, '1')
    expect(shouldShowWelcomeBanner('ana', localStorage)).toBe(false)
  })

  it('closing remembers the account and removes justSubscribed', () => {
    localStorage.setItem(JUST_SUBSCRIBED_KEY, 'true')
    dismissWelcomeBanner('ana', localStorage)
    expect(JSON.parse(localStorage.getItem(SEEN_WELCOME_KEY)!)).toEqual(['ana'])
    expect(localStorage.getItem(JUST_SUBSCRIBED_KEY)).toBeNull()
    expect(shouldShowWelcomeBanner('ana', localStorage)).toBe(false)
  })

  it('a closed banner does not come back after a sign-out and a new pass through the success page', () => {
    localStorage.setItem(JUST_SUBSCRIBED_KEY, 'true')
    dismissWelcomeBanner('ana', localStorage)
    // Sign-out removes justSubscribed and keeps the list (app/auth-routes.test.tsx). Signed in again, Ana goes through /assinatura/sucesso once more (a plan change, the back button).
    localStorage.setItem(JUST_SUBSCRIBED_KEY, 'true')
    expect(shouldShowWelcomeBanner('ana', localStorage)).toBe(false)
    // Someone else subscribing on this device still gets their welcome.
    expect(shouldShowWelcomeBanner('bia', localStorage)).toBe(true)
  })
})

describe('field grid helpers', () => {
  const field = (title: string, description = ''): Field => ({
    id: crypto.randomUUID(),
    title,
    description,
    iconName: 'Brain',
    displayOrder: 0,
    coverImage: null,
    audioCount: 1,
  })

  it('words the audio count in the singular and plural', () => {
    expect(availableAudiosLabel(1)).toBe('1 áudio disponível')
    expect(availableAudiosLabel(3)).toBe('3 áudios disponíveis')
    expect(availableAudiosLabel(0)).toBe('0 áudios disponíveis')
  })

  it('filters on title or description, ignoring case and accents, from 2 characters', () => {
    const fields = [field('Autoestima'), field('Prosperidade', 'Abundância financeira'), field('Saúde')]
    expect(filterFields(fields, 'a')).toHaveLength(3)
    expect(filterFields(fields, ' abundancia ').map((f) => f.title)).toEqual(['Prosperidade'])
    expect(filterFields(fields, 'SAUDE').map((f) => f.title)).toEqual(['Saúde'])
    expect(filterFields(fields, 'xyz')).toEqual([])
  })
})
