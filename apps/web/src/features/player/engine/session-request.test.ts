import { defaultAudioSession, programmeDaySession, sessionRequestSchema } from '@sintonia/contract'
import { describe, expect, it } from 'vitest'
import { DEFAULT_AUDIO_PREFERENCES } from './preferences'
import { sessionRequestFor, type PlayerQueueItem } from './session-request'

const item = (id: string, repetitions?: number): PlayerQueueItem => ({ id, title: id, url: `/api/audios/${id}/file`, ...(repetitions === undefined ? {} : { repetitions }) })
const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'
const C = '33333333-3333-4333-8333-333333333333'
const defaults = { preferences: DEFAULT_AUDIO_PREFERENCES, sleepMinutes: null }

// The server renders these sessions ahead (docs/product/sessions.md#rendered-ahead): a listener who
// kept the defaults must ask for exactly them, or the stored file is never found.
describe('the requests a listener with default settings sends', () => {
  it("for an audio of a field: the server's default-settings session", () => {
    const planned = sessionRequestFor([item(A), item(B)], { index: 1, heard: 0 }, { continuous: false, ...defaults })
    expect(sessionRequestSchema.parse(planned!.request)).toEqual(defaultAudioSession(B))
  })

  it("for a programme day from its start: the server's day session", () => {
    const day = [item(A, 3), item(B, 1), item(C, 2)]
    const planned = sessionRequestFor(day, { index: 0, heard: 0 }, { continuous: true, ...defaults })
    expect(sessionRequestSchema.parse(planned!.request)).toEqual(programmeDaySession(day.map((step) => ({ audioId: step.id, repetitions: step.repetitions! }))))
  })

  it('a changed setting or a resumed day asks for another session (rendered on demand)', () => {
    const day = [item(A, 3), item(B, 1)]
    const resumed = sessionRequestFor(day, { index: 0, heard: 1 }, { continuous: true, ...defaults })
    expect(sessionRequestSchema.parse(resumed!.request)).not.toEqual(programmeDaySession(day.map((step) => ({ audioId: step.id, repetitions: step.repetitions! }))))
    const paused = sessionRequestFor([item(A)], { index: 0, heard: 0 }, { continuous: false, preferences: { ...DEFAULT_AUDIO_PREFERENCES, pauseBetweenRepeats: 5 }, sleepMinutes: null })
    expect(sessionRequestSchema.parse(paused!.request)).not.toEqual(defaultAudioSession(A))
  })
})
