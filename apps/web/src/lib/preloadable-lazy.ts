import { createElement, use, type ComponentProps, type ComponentType, type FunctionComponent } from 'react'
import { retryingLazy } from './retrying-lazy'

/**
 * A thenable that never settles and keeps no callbacks: `use()` on it suspends for good, and the
 * renderer's retry callbacks are dropped instead of piling up on a promise that lives forever.
 */
const NEVER: PromiseLike<never> = { then: () => NEVER as never }

function NotPreloaded(): never {
  return use(NEVER)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export type PreloadableLazy<T extends ComponentType<any>> = FunctionComponent<ComponentProps<T>> & {
  /** Loads the module; once it is in, the component renders at once, without suspending. */
  preload(): Promise<void>
}

/**
 * `React.lazy` that the server render of the landing (src/ssr, ADR 013) can render: on the server,
 * after `preload()` it renders at once instead of suspending, which a synchronous `renderToString`
 * needs; until preloaded it suspends for good, so every render writes the same Suspense fallback (a
 * plain `lazy` would write the fallback on the first render and the part on later ones). In the
 * browser it is `React.lazy` (one that can try again after a failed fetch, lib/retrying-lazy): a
 * part the server rendered stays server HTML until its chunk is in, then hydrates.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export function preloadableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): PreloadableLazy<T> {
  if (!import.meta.env.SSR) {
    // The browser never renders it preloaded (it hydrates instead): a lazy component is all it takes.
    const component = retryingLazy(load)
    return Object.assign(component, { preload: () => load().then(() => undefined) })
  }
  let loaded: T | null = null
  let loading: Promise<void> | null = null
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default
      },
      (error: unknown) => {
        // A chunk that failed (offline, new deploy) may load on the next try.
        loading = null
        throw error
      },
    ))
  const Pending = NotPreloaded as unknown as T

  function PreloadableLazy(props: ComponentProps<T>) {
    return createElement(loaded ?? Pending, props)
  }
  return Object.assign(PreloadableLazy, { preload })
}
