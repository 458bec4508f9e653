/** Local flags of the welcome banner; the success page sets justSubscribed (docs/product/listening.md#dashboard-dashboard). */
export const JUST_SUBSCRIBED_KEY = 'justSubscribed'
export const SEEN_WELCOME_KEY = 'hasSeenWelcomeBanner'

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export function browserStorage(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** Shown only when justSubscribed is 'true' and hasSeenWelcomeBanner is unset. */
export function shouldShowWelcomeBanner(storage: Store | null = browserStorage()): boolean {
  try {
    return storage?.getItem(JUST_SUBSCRIBED_KEY) === 'true' && storage.getItem(SEEN_WELCOME_KEY) === null
  } catch {
    return false
  }
}

/** Dismissing sets hasSeenWelcomeBanner and removes justSubscribed. */
export function dismissWelcomeBanner(storage: Store | null = browserStorage()): void {
  try {
    storage?.setItem(SEEN_WELCOME_KEY, 'true')
    storage?.removeItem(JUST_SUBSCRIBED_KEY)
  } catch {
    // Blocked storage: the banner simply hides for this visit.
  }
}
