import { describe, expect, it } from 'vitest'
import { cleanCheckoutId, loginPathFor, postLoginPath, safeRedirectPath, withQueryParam } from './redirect'

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

  it('refuses the known open-redirect bypasses', () => {
    for (const bad of [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      ' /\\evil.example',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/%5Cevil.example',
      '/%5C%5Cevil.example',
      '/..//evil.example',
      '/./..//evil.example',
      '/a/../..//evil.example',
      '/%2e%2e//evil.example',
      '/.%2E//evil.example',
      'https:evil.example',
      'https://evil.example',
      'HTTPS://evil.example',
      'http:/evil.example',
      '\t//evil.example',
      '\n//evil.example',
      '/%09/evil.example',
      '/%0d%0a//evil.example',
      '/\u0000/evil.example',
      '/\u2028/evil.example',
      'java\nscript:alert(1)',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/%E0%A4%A',
    ]) {
      expect(safeRedirectPath(bad), JSON.stringify(bad)).toBeNull()
    }
  })

  it('keeps legitimate paths, normalised, with their query and hash', () => {
    expect(safeRedirectPath('/assinatura?plan=anual&volta=%2Fdashboard#planos')).toBe('/assinatura?plan=anual&volta=%2Fdashboard#planos')
    expect(safeRedirectPath('/busca?q=medita%C3%A7%C3%A3o')).toBe('/busca?q=medita%C3%A7%C3%A3o')
    expect(safeRedirectPath('/campo/%C3%A1gua')).toBe('/campo/%C3%A1gua')
    expect(safeRedirectPath('/a/b/../c?x=1')).toBe('/a/c?x=1')
    expect(safeRedirectPath('/playlists/')).toBe('/playlists/')
    expect(safeRedirectPath(' /dashboard ')).toBe('/dashboard')
    expect(safeRedirectPath('/dashboard?next=//evil.example')).toBe('/dashboard?next=//evil.example')
    expect(safeRedirectPath('/')).toBe('/')
  })

  it('refuses the login pages themselves (no loops)', () => {
    expect(safeRedirectPath('/login?redirect=/x')).toBeNull()
    expect(safeRedirectPath('/admin/login')).toBeNull()
    expect(safeRedirectPath('/%6Cogin')).toBeNull()
    expect(safeRedirectPath('/Login/')).toBeNull()
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

  it('accepts only well-shaped checkout ids', () => {
    expect(cleanCheckoutId('cs_test_123456')).toBe('cs_test_123456')
    expect(cleanCheckoutId('abc')).toBeUndefined()
    expect(cleanCheckoutId('cs_1234?x=<script>')).toBeUndefined()
    expect(cleanCheckoutId(null)).toBeUndefined()
  })
})
