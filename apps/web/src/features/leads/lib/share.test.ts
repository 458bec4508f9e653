import { describe, expect, it } from 'vitest'
import { buildShareContent, shareUrl } from './share'

describe('share links', () => {
  const content = buildShareContent('https://sintonia.app/', 'Sintonia')

  it('shares the site origin with an encoded pt-BR message', () => {
    expect(content.url).toBe('https://sintonia.app/')
    expect(content.text).toContain('Sintonia')

    const whatsapp = new URL(shareUrl('whatsapp', content))
    expect(whatsapp.origin).toBe('https://wa.me')
    expect(whatsapp.searchParams.get('text')).toBe(`${content.text} https://sintonia.app/`)

    const facebook = new URL(shareUrl('facebook', content))
    expect(facebook.href.startsWith('https://www.facebook.com/sharer/sharer.php?')).toBe(true)
    expect(facebook.searchParams.get('u')).toBe('https://sintonia.app/')

    const telegram = new URL(shareUrl('telegram', content))
    expect(telegram.href.startsWith('https://t.me/share/url?')).toBe(true)
    expect(telegram.searchParams.get('url')).toBe('https://sintonia.app/')
    expect(telegram.searchParams.get('text')).toBe(content.text)
    // Accents and spaces are percent-encoded, never raw in the URL.
    expect(shareUrl('telegram', content)).not.toMatch(/[\sçãá]/)
  })
})
