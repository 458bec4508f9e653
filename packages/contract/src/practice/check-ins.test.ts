import { describe, expect, it } from 'vitest'
import { CHECK_IN_LIMITS, CHECK_IN_MSG, checkInCreateSchema, checkInUpdateSchema, cleanCheckInNote } from './check-ins.js'

const audioId = '0c9d8e7f-6a5b-4c3d-8e2f-1a2b3c4d5e6f'
const programId = '7b0a4a4e-1f3b-4b39-9a8a-1c2d3e4f5a6b'

describe('cleanCheckInNote', () => {
  it('keeps line breaks, turns tabs into spaces, removes other control and direction characters, trims', () => {
    expect(cleanCheckInNote('  Leve.\r\nRespirei\tfundo.\r\u0007\u001b[31m\u202Eok\u2066  ')).toBe('Leve.\nRespirei fundo.\n[31mok')
    expect(cleanCheckInNote('a\n\n\n\n\nb')).toBe('a\n\nb')
    expect(cleanCheckInNote(' \u0000\u0085 ')).toBe('')
  })
})

describe('checkInCreateSchema', () => {
  it('takes an audio or a programme day, with a mood or a note', () => {
    expect(checkInCreateSchema.parse({ audioId, moodAfter: 4 })).toEqual({ audioId, moodAfter: 4 })
    expect(checkInCreateSchema.parse({ programId, day: 2, note: ' Calma \t' })).toEqual({ programId, day: 2, note: 'Calma' })
  })

  it('refuses nothing to keep, no practice, moods out of 1–5, a note too long once cleaned', () => {
    const message = (value: unknown) => checkInCreateSchema.safeParse(value).error?.issues[0]?.message
    expect(message({ audioId })).toBe(CHECK_IN_MSG.empty)
    expect(message({ audioId, note: '\u0007 ' })).toBe(CHECK_IN_MSG.empty)
    expect(message({ moodAfter: 3 })).toBe(CHECK_IN_MSG.practiceRequired)
    expect(message({ programId, moodAfter: 3 })).toBe(CHECK_IN_MSG.practiceRequired)
    expect(message({ audioId, moodAfter: 0 })).toBe(CHECK_IN_MSG.moodRange)
    expect(message({ audioId, moodBefore: 6 })).toBe(CHECK_IN_MSG.moodRange)
    expect(message({ audioId, note: 'x'.repeat(CHECK_IN_LIMITS.noteMax + 1) })).toBe(CHECK_IN_MSG.noteTooLong)
    expect(checkInCreateSchema.safeParse({ audioId, note: `${'x'.repeat(CHECK_IN_LIMITS.noteMax)}\u0007\u0007` }).success).toBe(true)
  })

  it('edits need at least one field; null clears a mood', () => {
    expect(checkInUpdateSchema.safeParse({}).success).toBe(false)
    expect(checkInUpdateSchema.parse({ moodBefore: null })).toEqual({ moodBefore: null })
  })
})
