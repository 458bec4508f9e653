import { describe, expect, it } from 'vitest'
import { MAX_LOGGED_PATH, redactPath } from '../../src/lib/http/request-log.js'

describe('redactPath', () => {
  it('drops the query string and the fragment', () => {
    expect(redactPath('/redefinir-senha?token=abcdefABCDEF0123456789xy')).toBe('/redefinir-senha')
    expect(redactPath('/onboarding/definir-senha?email=a%40b.com&session_id=cs_sbx_123&token=x')).toBe('/onboarding/definir-senha')
    expect(redactPath('/assinatura/processando?session_id=cs_sbx_1#topo')).toBe('/assinatura/processando')
    expect(redactPath('/x#token=1')).toBe('/x')
  })

  it('hides the sandbox checkout and portal ids and the reset token of Better Auth’s link', () => {
    expect(redactPath('/sandbox/checkout/cs_sbx_abc123/pay')).toBe('/sandbox/checkout/[oculto]/pay')
    expect(redactPath('/sandbox/checkout/cs_sbx_abc123?metodo=pix')).toBe('/sandbox/checkout/[oculto]')
    expect(redactPath('/sandbox/checkout/cs_sbx_abc123/pix')).toBe('/sandbox/checkout/[oculto]/pix')
    expect(redactPath('/sandbox/portal/bps_sbx_x1/cancel')).toBe('/sandbox/portal/[oculto]/cancel')
    expect(redactPath('/sandbox/portal/bps_sbx_x1?ok=cancel')).toBe('/sandbox/portal/[oculto]')
    expect(redactPath('/api/auth/reset-password/abc?callbackURL=%2F')).toBe('/api/auth/reset-password/[oculto]')
    expect(redactPath('/sandbox/assets/sandbox.css')).toBe('/sandbox/assets/sandbox.css')
  })

  it('hides a gift link’s token, on its page and in its API paths, short or long', () => {
    expect(redactPath('/presente/abc')).toBe('/presente/[oculto]')
    expect(redactPath('/api/gifts/link/abc/redeem')).toBe('/api/gifts/link/[oculto]/redeem')
    expect(redactPath('/api/gifts/link/abc/account')).toBe('/api/gifts/link/[oculto]/account')
    expect(redactPath('/api/gifts')).toBe('/api/gifts')
  })

  it('recognises the rules however the router would still match the path', () => {
    expect(redactPath('/%73andbox/checkout/cs_1/pay')).toBe('/%73andbox/checkout/[oculto]/pay')
    expect(redactPath('//sandbox//checkout/cs_1/pay')).toBe('//sandbox//checkout/[oculto]/pay')
    expect(redactPath('/SANDBOX/Portal/bps_1')).toBe('/SANDBOX/Portal/[oculto]')
  })

  it('hides any long token-like segment, but not UUIDs, route words or file names', () => {
    expect(redactPath('/api/auth/verificar/Zx81kPq0aa7Lm2Nb5Rt9Yv3W')).toBe('/api/auth/verificar/[oculto]')
    expect(redactPath('/api/audios/0b6f2c1e-9d4a-4c55-8f1e-2a3b4c5d6e7f/file')).toBe('/api/audios/0b6f2c1e-9d4a-4c55-8f1e-2a3b4c5d6e7f/file')
    expect(redactPath('/api/auth/request-password-reset')).toBe('/api/auth/request-password-reset')
    expect(redactPath('/assets/landing-main-CkX0a9_bQwErTy12.js')).toBe('/assets/landing-main-CkX0a9_bQwErTy12.js')
  })

  it('cuts long paths', () => {
    const path = redactPath(`/api/${'x'.repeat(15_000)}`)
    expect(path).toHaveLength(MAX_LOGGED_PATH + 1)
    expect(path.endsWith('…')).toBe(true)
    expect(redactPath(undefined)).toBe('/')
    expect(redactPath('')).toBe('/')
  })
})
