import { createContext, createElement, lazy, useContext, type ComponentProps, type ComponentType, type FunctionComponent } from 'react'

/**
 * How many times the nearest components/retry-boundary has asked its part to render again. A lazy
 * part whose chunk failed fetches it anew only when this grows, so a failure never turns into a
 * loop of requests while the connection is still down.
 */
export const RetryAttempt = createContext(0)

/**
 * `React.lazy` that can try again: React.lazy keeps a failed import for the life of the page, so a
 * part whose chunk could not be fetched (offline, a new deploy) would never come back. Here, after
 * a failure, the next render from a later attempt of the surrounding RetryBoundary (its retry, or
 * the browser's `online` event) fetches the chunk again; until then the failure stands.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export function retryingLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): FunctionComponent<ComponentProps<T>> {
  let failedAttempt: number | null = null
  const make = (attempt: number) =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedAttempt = attempt
        throw error
      }),
    )
  let current = make(0)
  function RetryingLazy(props: ComponentProps<T>) {
    const attempt = useContext(RetryAttempt)
    if (failedAttempt !== null && attempt > failedAttempt) {
      failedAttempt = null
      current = make(attempt)
    }
    return createElement(current, props)
  }
  return RetryingLazy
}
