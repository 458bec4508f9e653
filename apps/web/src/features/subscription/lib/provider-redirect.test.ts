import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_REDIRECT_DELAY_MS } from '@sintonia/contract'
import { isFramed, navigateToProvider, scheduleProviderRedirect, usableProviderUrl, type RedirectWindow } from './provider-redirect'
import { joinErrors, validatePaymentForm } from './payment-form'

function fakeWindow({ framed }: { framed: boolean }) {
  const top = { location: { href: 'http://app.test/assinatura' } }
  const self = {} as object
  const win = {
    self,
    top: framed ? top : self,
    location: { assign: vi.fn() },
    open: vi.fn(),
  }
  return { win: win as unknown as RedirectWindow, top, assign: win.location.assign }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('leaving for the provider', () => {
  it('waits 500 ms, then goes in this tab when not framed', () => {
    const { win, assign } = fakeWindow({ framed: false })
    expect(isFramed(win)).toBe(false)
    scheduleProviderRedirect('https://pay.test/cs_1', win)
    vi.advanceTimersByTime(CHECKOUT_REDIRECT_DELAY_MS - 1)
    expect(assign).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(assign).toHaveBeenCalledWith('https://pay.test/cs_1')
    expect(CHECKOUT_REDIRECT_DELAY_MS).toBe(500)
  })

  it('navigates the top frame when the app is framed', () => {
    const { win, top, assign } = fakeWindow({ framed: true })
    expect(isFramed(win)).toBe(true)
    navigateToProvider('https://pay.test/cs_2', win)
    expect(top.location.href).toBe('https://pay.test/cs_2')
    expect(assign).not.toHaveBeenCalled()
  })

  it('goes in the frame itself when the top frame refuses navigation', () => {
    const { win, assign } = fakeWindow({ framed: true })
    Object.defineProperty(win, 'top', {
      get: () => ({
        location: {
          set href(_value: string) {
            throw new DOMException('blocked', 'SecurityError')
          },
        },
      }),
    })
    navigateToProvider('https://pay.test/cs_3', win)
    expect(assign).toHaveBeenCalledWith('https://pay.test/cs_3')
  })

  it('a cancelled redirect never happens', () => {
    const { win, assign } = fakeWindow({ framed: false })
    const cancel = scheduleProviderRedirect('https://pay.test/cs_4', win)
    cancel()
    vi.advanceTimersByTime(5_000)
    expect(assign).not.toHaveBeenCalled()
  })

  it('follows only web addresses', () => {
    expect(usableProviderUrl('https://pay.test/x')).toBe('https://pay.test/x')
    expect(usableProviderUrl('/sandbox/checkout/cs_sbx_1')).toBe(`${window.location.origin}/sandbox/checkout/cs_sbx_1`)
    expect(usableProviderUrl('javascript:alert(1)')).toBeNull()
    expect(usableProviderUrl('')).toBeNull()
    expect(usableProviderUrl(undefined)).toBeNull()
  })
})

describe('payment form validation', () => {
  it('requires both fields and joins the messages with ". "', () => {
    const errors = validatePaymentForm({ email: '  ', name: '' })
    expect(errors).toEqual({ email: 'Email é obrigatório', name: 'Nome completo é obrigatório' })
    expect(joinErrors(errors)).toBe('Email é obrigatório. Nome completo é obrigatório')
  })

  it('checks the e-mail shape and the name length after trimming', () => {
    const errors = validatePaymentForm({ email: 'maria@', name: ' M ' })
    expect(joinErrors(errors)).toBe('Email deve ter um formato válido. Nome deve ter pelo menos 2 caracteres')
    expect(validatePaymentForm({ email: ' maria@exemplo.com ', name: ' Ma ' })).toEqual({})
    expect(joinErrors({})).toBeNull()
  })
})
