import type { ProgramSummary } from '@sintonia/contract'

/** How many programmes the dashboard lists under the Today card; the rest are one link away (/programas). */
export const SHELF_LIMIT = 3

export interface ProgramShelf {
  /** Other programmes the listener is following (active), in the list's order. */
  following: ProgramSummary[]
  /** Published programmes the listener does not follow yet. */
  discover: ProgramSummary[]
}

/**
 * The dashboard's programmes (docs/product/practice.md): the one the Today card shows is left out
 * (`inToday`, its id), then the other programmes in progress, then the ones not followed yet —
 * at most `limit` in all, in the list's order (position, then title). Completed programmes are not
 * offered again here; they stay on /programas and /progresso.
 */
export function programShelf(programs: readonly ProgramSummary[], inToday: string | null, limit = SHELF_LIMIT): ProgramShelf {
  const others = programs.filter((program) => program.id !== inToday)
  const following = others.filter((program) => program.enrolment?.status === 'active').slice(0, limit)
  const discover = others.filter((program) => program.enrolment === null).slice(0, limit - following.length)
  return { following, discover }
}
