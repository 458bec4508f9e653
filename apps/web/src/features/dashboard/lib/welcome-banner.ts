/**
 * Local flags of the welcome banner (docs/product/listening.md#dashboard-dashboard): the success
 * page sets justSubscribed; closing the banner records the account in hasSeenWelcomeBanner.
 */
export const JUST_SUBSCRIBED_KEY = 'justSubscribed'
export const SEEN_WELCOME_KEY = 'hasSeenWelcomeBanner'

/** How many accounts one device remembers (a shared device, say); the oldest is forgotten first. */
const SEEN_MAX = 20

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export function browserStorage(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/**
 * The accounts that closed the banner on this device. It outlives sign-out (it holds account ids,
 * nothing else), so a closed banner never comes back for that account. 'true', written by earlier
 * versions, means someone closed it here: it stays closed for everyone.
 */
function seenBy(storage: Store): string[] | 'everyone' {
  const raw = storage.getItem(SEEN_WELCOME_KEY)
  if (raw === null) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    if (Array.isArray(parsed)) return parsed.filter((id): id is string => typeof id === 'string')
  } catch {
    // Not JSON: an earlier version's flag.
  }
  return 'everyone'
}

/** Shown only when justSubscribed is 'true' and this account has not closed it on this device. */
export function shouldShowWelcomeBanner(userId: string | null | undefined, storage: Store | null = browserStorage()): boolean {
  try {
    if (!storage || storage.getItem(JUST_SUBSCRIBED_KEY) !== 'true') return false
    const seen = seenBy(storage)
    if (seen === 'everyone') return false
    return userId ? !seen.includes(userId) : seen.length === 0
  } catch {
    return false
  }
}

/** Closing (the close button or 'Começar Agora') remembers the account and removes justSubscribed. */
export function dismissWelcomeBanner(userId: string | null | undefined, storage: Store | null = browserStorage()): void {
  try {
    if (!storage) return
    const seen = seenBy(storage)
    if (userId && seen !== 'everyone') storage.setItem(SEEN_WELCOME_KEY, JSON.stringify([...seen.filter((id) => id !== userId), userId].slice(-SEEN_MAX)))
    else if (!userId) storage.setItem(SEEN_WELCOME_KEY, 'true')
    storage.removeItem(JUST_SUBSCRIBED_KEY)
  } catch {
    // Blocked storage: the banner simply hides for this visit.
  }
}
