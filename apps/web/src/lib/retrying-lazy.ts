import { createElement, lazy, type ComponentProps, type ComponentType, type FunctionComponent } from 'react'

/**
 * `React.lazy` that can try again: React.lazy keeps a failed import for the life of the page, so a
 * part whose chunk could not be fetched (offline, a new deploy) would never come back. Here a
 * failure replaces the lazy component, and the next render — after the error boundary around it
 * resets (components/after-idle.tsx does when the connection returns) — fetches the chunk anew.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export function retryingLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): FunctionComponent<ComponentProps<T>> {
  const attempt = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        current = attempt()
        throw error
      }),
    )
  let current = attempt()
  function RetryingLazy(props: ComponentProps<T>) {
    return createElement(current, props)
  }
  return RetryingLazy
}
