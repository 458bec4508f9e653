import { DEFAULT_LANDING_CONTENT, DEFAULT_PRODUCT_NAME, DEFAULT_VIDEOS_CONTENT, type LandingResponse } from '@sintonia/contract'

/**
 * The last landing payload this browser received, kept so a failed load can fall back to it before
 * falling back to the built-in default content
 * (docs/product/public-pages.md#content-validity-and-loading).
 */
export const LANDING_CACHE_KEY = 'landing_content_cache'

interface CachedLanding {
  data: LandingResponse
  savedAt: number
}

export function saveLandingCache(data: LandingResponse, now = Date.now()): void {
  try {
    localStorage.setItem(LANDING_CACHE_KEY, JSON.stringify({ data, savedAt: now } satisfies CachedLanding))
  } catch {
    // Storage full or blocked: the cache is a convenience, never a requirement.
  }
}

export function readLandingCache(): LandingResponse | null {
  try {
    const raw = localStorage.getItem(LANDING_CACHE_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<CachedLanding>
    const data = parsed.data
    return data && typeof data.productName === 'string' && data.content && typeof data.content === 'object' ? data : null
  } catch {
    return null
  }
}

export const DEFAULT_LANDING_RESPONSE: LandingResponse = {
  productName: DEFAULT_PRODUCT_NAME,
  content: DEFAULT_LANDING_CONTENT,
  videos: DEFAULT_VIDEOS_CONTENT,
  updatedAt: null,
}

/** What to show when the content cannot be loaded: this browser's last copy, else the default content. */
export function fallbackLanding(): LandingResponse {
  return readLandingCache() ?? DEFAULT_LANDING_RESPONSE
}
