import { defaultAudioSession, programmeDaySession, sessionRequestSchema } from '@sintonia/contract'
import { describe, expect, it } from 'vitest'
import { DEFAULT_AUDIO_PREFERENCES } from './preferences'
import { sessionRequestFor, type PlayerQueueItem } from './session-request'

const item = (id: string, repetitions?: number): PlayerQueueItem => ({ id, title: id, url: `/api/audios/${id}/file`, ...(repetitions === undefined ? {} : { repetitions }) })
const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'
const C = '33333333-3333-4333-8333-333333333333'
const defaults = { preferences: DEFAULT_AUDIO_PREFERENCES, sleep: null }

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
    const paused = sessionRequestFor([item(A)], { index: 0, heard: 0 }, { continuous: false, preferences: { ...DEFAULT_AUDIO_PREFERENCES, pauseBetweenRepeats: 5 }, sleep: null })
    expect(sessionRequestSchema.parse(paused!.request)).not.toEqual(defaultAudioSession(A))
  })
})

describe('the sleep timer', () => {
  it('in minutes ends the stream at that minute; by repetitions plays the audio playing that many more times, alone', () => {
    const day = [item(A, 3), item(B, 1)]
    const timed = sessionRequestFor(day, { index: 0, heard: 0 }, { continuous: true, preferences: DEFAULT_AUDIO_PREFERENCES, sleep: { kind: 'minutes', minutes: 45 } })
    expect(timed!.request).toMatchObject({ items: [{ audioId: A, repetitions: 3 }, { audioId: B, repetitions: 1 }], endAtSeconds: 2700 })
    const counted = sessionRequestFor(day, { index: 0, heard: 1 }, { continuous: true, preferences: DEFAULT_AUDIO_PREFERENCES, sleep: { kind: 'repetitions', count: 2 } })
    expect(sessionRequestSchema.parse(counted!.request)).toMatchObject({ items: [{ audioId: A, repetitions: 2 }], endAtSeconds: null })
    expect(counted!.heardBefore).toEqual([1])
    // Even on "sem parar" (0), the count ends it.
    const endless = sessionRequestFor([item(A)], { index: 0, heard: 0 }, { continuous: false, preferences: { ...DEFAULT_AUDIO_PREFERENCES, repeatCount: 0 }, sleep: { kind: 'repetitions', count: 1 } })
    expect(endless!.request.items).toEqual([{ audioId: A, repetitions: 1 }])
  })
})
