import { describe, expect, it } from 'vitest'
import { cleanCheckoutSessionId, loginPathFor, postLoginPath, safeRedirectPath, withQueryParam } from './redirect'

describe('safeRedirectPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard')
    expect(safeRedirectPath('/campo/abc?audio=1#x')).toBe('/campo/abc?audio=1#x')
    expect(safeRedirectPath('%2Fdashboard')).toBeNull()
  })

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      ' //evil.example',
      '/\t/evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(bad)).toBeNull()
    }
  })

  it('refuses the login pages themselves (no loops)', () => {
    expect(safeRedirectPath('/login?redirect=/x')).toBeNull()
    expect(safeRedirectPath('/admin/login')).toBeNull()
  })
})

describe('postLoginPath', () => {
  it('defaults to /dashboard', () => {
    expect(postLoginPath({ role: 'user' })).toBe('/dashboard')
    expect(postLoginPath({ role: 'user', redirect: 'https://evil.example' })).toBe('/dashboard')
  })

  it('follows the redirect and appends auto_plan when a plan exists', () => {
    expect(postLoginPath({ role: 'user', redirect: '/campo/1' })).toBe('/campo/1')
    expect(postLoginPath({ role: 'user', redirect: '/assinatura', plan: 'anual' })).toBe('/assinatura?auto_plan=anual')
    expect(postLoginPath({ role: 'user', redirect: '/assinatura?x=1', plan: 'semestral' })).toBe('/assinatura?x=1&auto_plan=semestral')
  })

  it('with a plan and no redirect, returns to the plan page to start checkout', () => {
    expect(postLoginPath({ role: 'user', plan: 'trimestral' })).toBe('/assinatura?auto_plan=trimestral')
  })

  it('sends admins to the admin home', () => {
    expect(postLoginPath({ role: 'admin', redirect: '/dashboard', plan: 'anual' })).toBe('/admin')
  })
})

describe('helpers', () => {
  it('builds the login path remembering the origin', () => {
    expect(loginPathFor('/dashboard')).toBe('/login?redirect=%2Fdashboard')
    expect(loginPathFor('/campo/1?audio=2')).toBe('/login?redirect=%2Fcampo%2F1%3Faudio%3D2')
  })

  it('appends query parameters before the hash', () => {
    expect(withQueryParam('/a#b', 'k', 'v w')).toBe('/a?k=v%20w#b')
  })

  it('accepts only well-shaped checkout session ids', () => {
    expect(cleanCheckoutSessionId('cs_test_123456')).toBe('cs_test_123456')
    expect(cleanCheckoutSessionId('abc')).toBeUndefined()
    expect(cleanCheckoutSessionId('cs_1234?x=<script>')).toBeUndefined()
    expect(cleanCheckoutSessionId(null)).toBeUndefined()
  })
})
