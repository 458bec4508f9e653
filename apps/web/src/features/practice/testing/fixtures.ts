/** Test-only builders of the practice's answers (the contract's shapes). */
import type { Audio, PracticePreferences, ProgramDay, ProgramDetail, ProgramSummary, SessionItem, Streak, Today } from '@sintonia/contract'

let n = 0
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`

export function audio(title: string, durationSeconds = 12): Audio {
  const id = uuid()
  return {
    id,
    title,
    description: '',
    fieldId: '10000000-0000-4000-8000-000000000001',
    tags: [],
    isDemo: false,
    durationSeconds,
    duration: `0:${String(durationSeconds).padStart(2, '0')}`,
    url: `/api/audios/${id}/file`,
    coverImage: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }
}

export function item(title: string, repetitions: number, repetitionsDone = 0): SessionItem {
  return { audio: audio(title), repetitions, repetitionsDone }
}

export function program(overrides: Partial<ProgramSummary> = {}): ProgramSummary {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    slug: 'calma-em-21-dias',
    title: 'Calma em 21 dias',
    description: 'Alguns minutos por dia para desacelerar.',
    daysCount: 21,
    minutesPerDay: 20,
    isOpen: false,
    coverImage: null,
    fields: [{ id: '10000000-0000-4000-8000-000000000001', title: 'Ansiedade', iconName: 'Brain' }],
    enrolment: { status: 'active', featured: true, currentDay: 5, completedDays: 4, currentDayOpen: true, enrolledAt: '2026-03-01T10:00:00.000Z' },
    ...overrides,
  }
}

export function day(number: number, overrides: Partial<ProgramDay> = {}): ProgramDay {
  return { day: number, intention: `Intenção do dia ${number}`, minutes: 20, state: 'locked', completedOn: null, items: [item(`Áudio ${number}`, 2)], ...overrides }
}

export const STREAK: Streak = { current: 7, best: 9, hidden: false, practisedToday: false }

export function today(overrides: Partial<Today> = {}): Today {
  return {
    date: '2026-03-05',
    timeZone: 'America/Sao_Paulo',
    program: program(),
    day: day(5, { state: 'today' }),
    resume: null,
    nextUnlockAt: null,
    streak: STREAK,
    ...overrides,
  }
}

/** A programme's path: days before `current` done, `current` in `currentState`, the rest locked. */
export function detail(current: number, currentState: ProgramDay['state'] = 'today', overrides: Partial<ProgramDetail> = {}): ProgramDetail {
  const p = overrides.program ?? program({ enrolment: { status: 'active', featured: true, currentDay: current, completedDays: current - 1, currentDayOpen: currentState === 'today' || currentState === 'open', enrolledAt: '2026-03-01T10:00:00.000Z' } })
  const days = Array.from({ length: p.daysCount }, (_, i) => {
    const d = i + 1
    if (d < current) return day(d, { state: 'done', completedOn: `2026-03-0${Math.min(d, 9)}` })
    if (d === current) return day(d, { state: currentState, completedOn: currentState === 'done' ? '2026-03-05' : null })
    return day(d)
  })
  return { program: p, days, nextUnlockAt: null, ...overrides }
}

export function preferences(overrides: Partial<PracticePreferences> = {}): PracticePreferences {
  return {
    timeZone: 'America/Sao_Paulo',
    timeZoneChosen: true,
    hideStreak: false,
    reminders: { enabled: false, time: '08:00', weekdays: [0, 1, 2, 3, 4, 5, 6], channels: ['push'] },
    pushDevices: 0,
    ...overrides,
  }
}
