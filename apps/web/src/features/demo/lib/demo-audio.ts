import { DEMO_MSG, type Audio } from '@sintonia/contract'

/** Where a demo's file may be: our own path ('/api/…') or an http(s) address (a bucket, ADR 021). */
function isPlayableUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true
  const parsed = new URL(url)
  return parsed.protocol === 'https:' || parsed.protocol === 'http:'
}

/**
 * Why the demo audio the server gave cannot be shown, in the product's words, or null when it can
 * (docs/product/public-pages.md#demo-demo): no playable address, no title, or a check that broke
 * on an answer of an unexpected shape.
 */
export function demoAudioProblem(audio: Audio): string | null {
  try {
    const url = audio.url.trim()
    let playable = false
    try {
      playable = url !== '' && isPlayableUrl(url)
    } catch {
      playable = false // not an address at all
    }
    if (!playable) return DEMO_MSG.invalidUrl
    if (audio.title.trim() === '') return DEMO_MSG.invalidTitle
    return null
  } catch {
    return DEMO_MSG.validationFailed
  }
}
