import { SUBSCRIPTION_CACHE_TTL_MS, type SubscriptionState } from '@sintonia/contract'

/**
 * The one place with the rules of the subscription check (docs/product/commerce.md#subscription-check-browser):
 * - the result is cached for 5 minutes in localStorage `subscription_cache` (data + timestamp)
 *   unless a forced check is requested;
 * - only one check runs at a time (a second caller shares the running one);
 * - on failure up to 3 attempts, waiting 2 s then 4 s; after the third failure the toast
 *   'Erro ao verificar assinatura. Tente novamente.' unless the app is still initialising;
 * - a sign-in schedules a forced check after a 500 ms debounce;
 * - sign-out clears the cache and the state becomes unsubscribed.
 *
 * Plain TypeScript (no React) so the rules are testable with fake timers; React reads it through
 * `useSubscription()`.
 */

/**
 * localStorage key of the cached answer. It is one person's data: sign-out removes it with the
 * other personal keys (features/auth/lib/personal-data.ts).
 */
export const SUBSCRIPTION_CACHE_KEY = 'subscription_cache'

export const SUBSCRIPTION_CHECK_ERROR = 'Erro ao verificar assinatura. Tente novamente.'
export const SUBSCRIPTION_CHECK_MAX_ATTEMPTS = 3
/** Waits before attempt 2 and attempt 3. */
export const SUBSCRIPTION_CHECK_BACKOFF_MS = [2_000, 4_000] as const
export const SUBSCRIPTION_SIGN_IN_DEBOUNCE_MS = 500

/**
 * - idle: nobody is signed in or nothing was asked yet for this person;
 * - pending: a check is scheduled or running and no answer is known yet;
 * - ready: `data` holds the latest answer;
 * - error: the last check failed three times (`data` may still hold an older answer).
 */
export type SubscriptionCheckStatus = 'idle' | 'pending' | 'ready' | 'error'

export interface SubscriptionSnapshot {
  status: SubscriptionCheckStatus
  data: SubscriptionState | null
  /** When `data` was fetched from the server (ms since epoch). */
  checkedAt: number | null
  /** True while a request is on its way (also during a refresh of known data). */
  checking: boolean
}

export interface SubscriptionCacheEntry {
  data: SubscriptionState
  timestamp: number
  /** Whose answer this is; a different person signing in on the device never sees it. */
  userId: string
}

export interface SubscriptionCheckerDeps {
  /** Asks the server. A rejection with `status === 401` means the sign-in is gone. */
  fetchState: (signal: AbortSignal) => Promise<SubscriptionState>
  storage: () => Storage | null
  notifyError: (message: string) => void
  now?: () => number
}

export interface CheckOptions {
  /** Skip the 5-minute cache. */
  force?: boolean
}

const UNSUBSCRIBED: SubscriptionState = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  subscription_status: 'none',
}

/**
 * Shape check of a subscription state (same shape as the contract's schema). Hand-written so the
 * app shell does not pull zod into the entry chunk.
 */
export function isSubscriptionState(value: unknown): value is SubscriptionState {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  const nullableString = (x: unknown) => x === null || typeof x === 'string'
  return (
    typeof v.subscribed === 'boolean' &&
    nullableString(v.subscription_tier) &&
    nullableString(v.subscription_end) &&
    typeof v.subscription_status === 'string'
  )
}

function pickState(value: SubscriptionState): SubscriptionState {
  return {
    subscribed: value.subscribed,
    subscription_tier: value.subscription_tier,
    subscription_end: value.subscription_end,
    subscription_status: value.subscription_status,
  }
}

class InvalidAnswerError extends Error {}

function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401
}

export function createSubscriptionChecker(deps: SubscriptionCheckerDeps) {
  const now = deps.now ?? (() => Date.now())
  const listeners = new Set<() => void>()

  let snapshot: SubscriptionSnapshot = { status: 'idle', data: null, checkedAt: null, checking: false }
  let userId: string | null = null
  let initialising = true
  /** Bumped by clear() and user changes: answers of older runs are dropped. */
  let generation = 0
  let inFlight: Promise<SubscriptionState | null> | null = null
  let controller: AbortController | null = null
  let debounceTimer: ReturnType<typeof setTimeout> | null = null
  let backoffTimer: { id: ReturnType<typeof setTimeout>; resolve: () => void } | null = null

  function emit(next: Partial<SubscriptionSnapshot>): void {
    snapshot = { ...snapshot, ...next }
    for (const listener of listeners) listener()
  }

  function readCache(): SubscriptionCacheEntry | null {
    try {
      const raw = deps.storage()?.getItem(SUBSCRIPTION_CACHE_KEY)
      if (!raw) return null
      const parsed = JSON.parse(raw) as Partial<SubscriptionCacheEntry>
      if (!isSubscriptionState(parsed.data) || typeof parsed.timestamp !== 'number' || typeof parsed.userId !== 'string') return null
      return { data: pickState(parsed.data), timestamp: parsed.timestamp, userId: parsed.userId }
    } catch {
      return null
    }
  }

  function writeCache(entry: SubscriptionCacheEntry): void {
    try {
      deps.storage()?.setItem(SUBSCRIPTION_CACHE_KEY, JSON.stringify(entry))
    } catch {
      // A full or blocked storage only costs a request next time.
    }
  }

  function removeCache(): void {
    try {
      deps.storage()?.removeItem(SUBSCRIPTION_CACHE_KEY)
    } catch {
      // ignore
    }
  }

  function freshCache(): SubscriptionCacheEntry | null {
    const entry = readCache()
    if (!entry || entry.userId !== userId) return null
    const age = now() - entry.timestamp
    return age >= 0 && age < SUBSCRIPTION_CACHE_TTL_MS ? entry : null
  }

  function cancelTimers(): void {
    if (debounceTimer !== null) clearTimeout(debounceTimer)
    debounceTimer = null
    if (backoffTimer) {
      clearTimeout(backoffTimer.id)
      backoffTimer.resolve()
      backoffTimer = null
    }
  }

  /** Stops whatever is scheduled or running; its answer will be ignored. */
  function cancelRunning(): void {
    generation += 1
    cancelTimers()
    controller?.abort()
    controller = null
    inFlight = null
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const id = setTimeout(() => {
        backoffTimer = null
        resolve()
      }, ms)
      backoffTimer = { id, resolve }
    })
  }

  async function run(runGeneration: number): Promise<SubscriptionState | null> {
    emit({ checking: true, status: snapshot.data ? snapshot.status : 'pending' })
    let lastError: unknown = null
    for (let attempt = 1; attempt <= SUBSCRIPTION_CHECK_MAX_ATTEMPTS; attempt += 1) {
      if (runGeneration !== generation) return null
      controller = new AbortController()
      try {
        const answer: unknown = await deps.fetchState(controller.signal)
        if (!isSubscriptionState(answer)) throw new InvalidAnswerError('Resposta de assinatura inválida')
        const data = pickState(answer)
        if (runGeneration !== generation) return null
        const checkedAt = now()
        if (userId) writeCache({ data, timestamp: checkedAt, userId })
        emit({ status: 'ready', data, checkedAt, checking: false })
        return data
      } catch (error) {
        if (runGeneration !== generation) return null
        if (isUnauthorized(error)) {
          // The sign-in ended on the server: nothing to retry, nobody to warn.
          removeCache()
          emit({ status: 'ready', data: UNSUBSCRIBED, checkedAt: null, checking: false })
          return UNSUBSCRIBED
        }
        lastError = error
        const backoff = SUBSCRIPTION_CHECK_BACKOFF_MS[attempt - 1]
        if (attempt < SUBSCRIPTION_CHECK_MAX_ATTEMPTS && backoff !== undefined) await wait(backoff)
      }
    }
    if (runGeneration !== generation) return null
    emit({ status: 'error', checking: false })
    if (!initialising) deps.notifyError(SUBSCRIPTION_CHECK_ERROR)
    if (import.meta.env?.DEV && import.meta.env.MODE !== 'test') console.warn('[subscription] check failed', lastError)
    return null
  }

  const checker = {
    getSnapshot: (): SubscriptionSnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    /** The signed-in person (null when anonymous). A different person starts from scratch. */
    setUser(nextUserId: string | null): void {
      if (nextUserId === userId) return
      const previous = userId
      userId = nextUserId
      cancelRunning()
      if (nextUserId === null) {
        if (previous !== null) removeCache()
        emit({ status: 'idle', data: null, checkedAt: null, checking: false })
        return
      }
      const cached = freshCache()
      emit(
        cached
          ? { status: 'ready', data: cached.data, checkedAt: cached.timestamp, checking: false }
          : { status: 'idle', data: null, checkedAt: null, checking: false },
      )
    },

    getUser: (): string | null => userId,

    /**
     * Checks the subscription of the signed-in person. Uses the 5-minute cache unless forced and
     * joins a check that is already running. Resolves to the state, or null when it failed or was
     * cancelled (the snapshot tells which).
     */
    check({ force = false }: CheckOptions = {}): Promise<SubscriptionState | null> {
      if (userId === null) {
        emit({ status: 'ready', data: UNSUBSCRIBED, checkedAt: null, checking: false })
        return Promise.resolve(UNSUBSCRIBED)
      }
      if (inFlight) return inFlight
      if (!force) {
        const cached = freshCache()
        if (cached) {
          if (snapshot.status !== 'ready' || snapshot.checkedAt !== cached.timestamp) {
            emit({ status: 'ready', data: cached.data, checkedAt: cached.timestamp, checking: false })
          }
          return Promise.resolve(cached.data)
        }
      }
      const runGeneration = generation
      const promise = run(runGeneration).finally(() => {
        if (inFlight === promise) {
          inFlight = null
          controller = null
        }
        // Whatever happened, the first check after start-up ends the initialisation.
        initialising = false
      })
      inFlight = promise
      return promise
    },

    /** After a sign-in: one forced check, 500 ms after the last call (debounced). */
    scheduleCheckAfterSignIn(): void {
      if (debounceTimer !== null) clearTimeout(debounceTimer)
      if (!snapshot.data) emit({ status: 'pending' })
      debounceTimer = setTimeout(() => {
        debounceTimer = null
        void checker.check({ force: true })
      }, SUBSCRIPTION_SIGN_IN_DEBOUNCE_MS)
    },

    /** Sign-out: forget the cache and anything running; the state becomes unsubscribed. */
    clear(): void {
      cancelRunning()
      removeCache()
      userId = null
      emit({ status: 'ready', data: UNSUBSCRIBED, checkedAt: null, checking: false })
    },

    /** The app finished starting up; from now on a failed check shows the toast. */
    endInitialisation(): void {
      initialising = false
    },

    isInitialising: (): boolean => initialising,
  }
  return checker
}

export type SubscriptionChecker = ReturnType<typeof createSubscriptionChecker>
