/**
 * What this tab remembers about check-ins (sessionStorage, so a new visit starts fresh): the mood
 * chosen before a practice, and the practices whose check-in was saved or skipped ("Agora não"),
 * which are not asked about again that day.
 */
export interface PracticeRef {
  audioId?: string | undefined
  programId?: string | undefined
  day?: number | undefined
}

const BEFORE_KEY = 'sintonia-checkin-before'
const CLOSED_KEY = 'sintonia-checkin-closed'

/** 'day:<programme>:<day>' or 'audio:<id>'. */
export function practiceKey(practice: PracticeRef): string {
  return practice.programId && practice.day ? `day:${practice.programId}:${practice.day}` : `audio:${practice.audioId ?? ''}`
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null
  } catch {
    return null
  }
}

function readMap(key: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(key) ?? '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function writeMap(key: string, map: Record<string, unknown>): void {
  try {
    storage()?.setItem(key, JSON.stringify(map))
  } catch {
    // Private mode or full: the check-in simply asks again.
  }
}

export function readMoodBefore(practice: PracticeRef): number | null {
  const value = readMap(BEFORE_KEY)[practiceKey(practice)]
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5 ? value : null
}

export function rememberMoodBefore(practice: PracticeRef, mood: number | null): void {
  const map = readMap(BEFORE_KEY)
  if (mood === null) delete map[practiceKey(practice)]
  else map[practiceKey(practice)] = mood
  writeMap(BEFORE_KEY, map)
}

/** The device's date: a practice closed today is offered again on another day. */
function closedKey(practice: PracticeRef, now: Date): string {
  const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
  return `${practiceKey(practice)}@${date}`
}

export function isCheckInClosed(practice: PracticeRef, now: Date = new Date()): boolean {
  return readMap(CLOSED_KEY)[closedKey(practice, now)] === true
}

/** Saved or "Agora não": this practice's check-in is not offered again in this tab that day; the mood before is forgotten. */
export function closeCheckIn(practice: PracticeRef, now: Date = new Date()): void {
  const map = readMap(CLOSED_KEY)
  map[closedKey(practice, now)] = true
  writeMap(CLOSED_KEY, map)
  rememberMoodBefore(practice, null)
}

/** Another person signed in, or nobody: the moods waiting and the practices closed go. */
export function forgetCheckInMemory(): void {
  try {
    storage()?.removeItem(BEFORE_KEY)
    storage()?.removeItem(CLOSED_KEY)
  } catch {
    // Nothing kept, nothing to forget.
  }
}
