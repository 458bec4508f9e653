/**
 * The server's notion of "now" for the daily practice (which local day it is for a listener, when
 * a reminder is due). Injected so tests can move time: API tests pass an AdjustableClock to
 * buildApp; outside production a loopback-only internal route may move a running server's clock
 * for browser journeys (modules/practice/internal-routes.ts).
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** Real time shifted by an offset: moving it to a date keeps it ticking from there. */
export class AdjustableClock implements Clock {
  private offsetMs = 0

  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }

  /** From now on, `now()` reads `to` plus the time passed since this call. */
  set(to: Date): void {
    this.offsetMs = to.getTime() - Date.now()
  }

  advance(ms: number): void {
    this.offsetMs += ms
  }

  reset(): void {
    this.offsetMs = 0
  }
}
