import { describe, expect, it } from 'vitest'
import { isWebAppPath } from './web-pages.js'

describe('isWebAppPath (the pages the web app serves)', () => {
  it('knows the fixed pages, with or without a trailing slash, in any letter case', () => {
    for (const path of ['/', '/login', '/login/', '/LOGIN', '/onboarding/definir-senha', '/admin', '/admin/settings', '/pagamento/cancelado']) {
      expect(isWebAppPath(path), path).toBe(true)
    }
  })

  it('takes any one segment for a parameter', () => {
    expect(isWebAppPath('/campo/3f2a')).toBe(true)
    expect(isWebAppPath('/campo/3f2a/audio/9b1c')).toBe(true)
    expect(isWebAppPath('/audio/9b1c')).toBe(true)
  })

  it('refuses every other address', () => {
    for (const path of ['/nao-existe', '/campo', '/campo/a/b', '/audio', '/admin/nao-existe', '/login/extra', '/api/health', '/demo.html']) {
      expect(isWebAppPath(path), path).toBe(false)
    }
  })
})
