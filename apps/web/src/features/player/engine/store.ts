/**
 * The tiny observable pieces every engine module shares: a typed event emitter and a snapshot
 * store compatible with React's useSyncExternalStore (stable bound `subscribe`/`getSnapshot`,
 * a new immutable snapshot object on every change).
 */

type Handler<T> = (value: T) => void

export class Emitter<Events extends object> {
  private readonly handlers = new Map<keyof Events, Set<Handler<never>>>()

  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    let set = this.handlers.get(event)
    if (!set) {
      set = new Set()
      this.handlers.set(event, set)
    }
    set.add(handler as Handler<never>)
    return () => {
      set.delete(handler as Handler<never>)
    }
  }

  emit<K extends keyof Events>(event: K, value: Events[K]): void {
    const set = this.handlers.get(event)
    if (!set) return
    for (const handler of [...set]) {
      try {
        ;(handler as Handler<Events[K]>)(value)
      } catch (error) {
        // A failing listener must not break the engine or the other listeners.
        console.error(error)
      }
    }
  }

  clear(): void {
    this.handlers.clear()
  }
}

/** Anything the `usePlayerSnapshot` hook can read. */
export interface SnapshotSource<T> {
  subscribe: (onChange: () => void) => () => void
  getSnapshot: () => T
}

export class SnapshotStore<T extends object> implements SnapshotSource<T> {
  private snapshot: T
  private readonly listeners = new Set<() => void>()

  constructor(initial: T) {
    this.snapshot = Object.freeze({ ...initial })
  }

  readonly getSnapshot = (): T => this.snapshot

  readonly subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange)
    return () => {
      this.listeners.delete(onChange)
    }
  }

  /** Merges a patch; listeners run only when a value actually changed. */
  protected setState(patch: Partial<T>): void {
    const current = this.snapshot as Record<string, unknown>
    let changed = false
    for (const [key, value] of Object.entries(patch)) {
      if (!Object.is(current[key], value)) {
        changed = true
        break
      }
    }
    if (!changed) return
    this.snapshot = Object.freeze({ ...this.snapshot, ...patch })
    for (const listener of [...this.listeners]) {
      try {
        listener()
      } catch (error) {
        console.error(error)
      }
    }
  }

  protected clearSubscribers(): void {
    this.listeners.clear()
  }
}

/**
 * The part of HTMLMediaElement the engine uses. A real `<audio>` satisfies it; tests pass
 * `FakeAudioElement`.
 */
export interface MediaElementLike extends EventTarget {
  src: string
  currentTime: number
  readonly duration: number
  volume: number
  muted: boolean
  preload: string
  playbackRate: number
  readonly paused: boolean
  readonly ended: boolean
  readonly readyState: number
  readonly networkState: number
  readonly error: { readonly code: number; readonly message?: string } | null
  play(): Promise<void>
  pause(): void
  load(): void
  removeAttribute(name: string): void
  canPlayType(type: string): string
}

/** A new `<audio>` element, or null where the platform has none (server, some test setups). */
export function createAudioElement(): MediaElementLike | null {
  return typeof Audio === 'function' ? new Audio() : null
}

export function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const message = String((error as { message: unknown }).message)
    if (message) return message
  }
  return String(error)
}
