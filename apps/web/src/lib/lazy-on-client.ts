import { createElement, lazy, use, type ComponentProps, type ComponentType, type FunctionComponent } from 'react'

/**
 * A thenable that never settles and keeps no callbacks: `use()` on it suspends for good, and the
 * renderer's retry callbacks are dropped instead of piling up on a promise that lives forever.
 */
const NEVER: PromiseLike<never> = { then: () => NEVER as never }

function NotRenderedOnServer(): never {
  return use(NEVER)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export type LazyOnClient<T extends ComponentType<any>> = FunctionComponent<ComponentProps<T>> & {
  /** Loads the module; once it is in, the component renders at once, without suspending. */
  preload(): Promise<void>
}

/**
 * `React.lazy` that behaves the same in the server render of the landing (src/ssr, ADR 013) as in
 * the browser's first commit, so the server's HTML is what the browser commits first:
 *
 * - not preloaded: the browser shows the Suspense fallback (the chunk cannot be there yet), and
 *   on the server it suspends for good, so the server writes that same fallback on every render
 *   (a plain `lazy` would write the fallback once and the loaded part on later renders);
 * - after `preload()` it renders synchronously on both sides: the server preloads the sections it
 *   renders, and the browser preloads them before its first commit when the page came rendered.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export function lazyOnClient<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyOnClient<T> {
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
  const Pending = import.meta.env.SSR
    ? (NotRenderedOnServer as unknown as T)
    : lazy(async () => {
        await preload()
        return { default: loaded as T }
      })

  function LazyOnClient(props: ComponentProps<T>) {
    return createElement(loaded ?? Pending, props)
  }
  return Object.assign(LazyOnClient, { preload })
}
