import { describe, expect, it } from 'vitest'
import { PRACTICE_MSG } from '@sintonia/contract'
import { averageMinutes, dayMinutes, incompleteDays, isDirty, newItem, toInput, validateDraft, type AudioInfo, type DraftDay, type ProgramDraft } from './editor'
import { lastDays } from './range'

const A = '00000000-0000-4000-8000-0000000000a1'
const B = '00000000-0000-4000-8000-0000000000b2'
const AUDIOS = new Map<string, AudioInfo>([
  [A, { id: A, title: 'Respirar', fieldTitle: 'Calma', durationSeconds: 200 }],
  [B, { id: B, title: 'Gratidão', fieldTitle: 'Foco', durationSeconds: 90 }],
])

const item = (audioId: string, repetitions: string) => ({ ...newItem(audioId), repetitions })
const day = (intention: string, items: ReturnType<typeof item>[]): DraftDay => ({ key: intention || 'vazio', intention, items })
const draft = (days: DraftDay[]): ProgramDraft => ({ title: 'Sete dias de calma', description: '', isOpen: false, days })

describe('minutes', () => {
  it('a day adds duration × repetitions of its audios, in whole minutes', () => {
    // 200 s × 3 + 90 s × 2 = 780 s = 13 min
    expect(dayMinutes(day('Calma', [item(A, '3'), item(B, '2')]), AUDIOS)).toBe(13)
    // 90 s = 1.5 min rounds to 2
    expect(dayMinutes(day('Foco', [item(B, '1')]), AUDIOS)).toBe(2)
  })

  it('items without an audio or with an invalid count add nothing yet', () => {
    expect(dayMinutes(day('x', [item('', '3'), item(A, ''), item(A, '0'), item(A, '1.5'), item(B, '2')]), AUDIOS)).toBe(3)
  })

  it("the programme's average is the days' minutes averaged and rounded; an empty day counts as 0", () => {
    const days = [day('a', [item(A, '3')]), day('b', [item(B, '2')]), day('c', [])] // 10, 3, 0
    expect(averageMinutes(days, AUDIOS)).toBe(4)
    expect(averageMinutes([], AUDIOS)).toBe(0)
  })
})

describe('validation', () => {
  it("names each problem with the contract's pt-BR message at its path", () => {
    const errors = validateDraft({ ...draft([day('Calma', [item('', '1'), item(A, '31')]), day('', [item(B, '0')])]), title: '  ' })
    expect(errors).toEqual({
      title: PRACTICE_MSG.admin.titleRequired,
      'days.0.items.0.audioId': PRACTICE_MSG.admin.audioRequired,
      'days.0.items.1.repetitions': PRACTICE_MSG.admin.repetitionsRange,
      'days.1.items.0.repetitions': PRACTICE_MSG.admin.repetitionsRange,
    })
  })

  it('an empty repetitions field is refused, not read as zero or sent as NaN', () => {
    expect(validateDraft(draft([day('Calma', [item(A, '')])]))).toEqual({ 'days.0.items.0.repetitions': PRACTICE_MSG.admin.repetitionsRange })
  })

  it('a programme needs a day: the range message', () => {
    expect(validateDraft(draft([]))).toEqual({ days: PRACTICE_MSG.admin.daysRange })
  })

  it('empty days may be saved (a draft) but are the ones that stop publishing', () => {
    const d = draft([day('Calma', [item(A, '1')]), day('', [item(A, '1')]), day('Foco', []), day('Tudo', [item(B, '2')])])
    expect(validateDraft(d)).toEqual({})
    expect(incompleteDays(d)).toEqual([2, 3])
  })
})

describe('what is sent', () => {
  it('the whole programme in order, texts trimmed, repetitions as numbers', () => {
    expect(toInput({ title: ' Calma ', description: ' Sete dias ', isOpen: true, days: [day(' Respire ', [item(A, '3')])] })).toEqual({
      title: 'Calma',
      description: 'Sete dias',
      isOpen: true,
      days: [{ intention: 'Respire', items: [{ audioId: A, repetitions: 3 }] }],
    })
  })

  it('is dirty only when what would be sent changed', () => {
    const saved = draft([day('Calma', [item(A, '3')])])
    expect(isDirty({ ...saved, title: 'Sete dias de calma ' }, saved)).toBe(false)
    expect(isDirty({ ...saved, days: [day('Calma', [item(A, '4')])] }, saved)).toBe(true)
  })
})

describe('insights period', () => {
  it('the last 30 local dates, today included, across a month', () => {
    expect(lastDays(30, new Date(2025, 2, 10, 23, 30))).toEqual({ from: '2025-02-09', to: '2025-03-10' })
  })
})
