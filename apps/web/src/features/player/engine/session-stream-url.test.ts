import { describe, expect, it } from 'vitest'
import type { SessionManifest } from '@sintonia/contract'
import { DIRECT_STREAM_MARGIN_MS, sessionStreamUrl } from './session-request'

const base = {
  key: '0123456789abcdef0123456789abcdef',
  url: '/api/sessions/0123456789abcdef0123456789abcdef/audio',
  durationSeconds: 60,
  bytes: 480_000,
  items: [{ audioId: 'a', title: 'A', repetitions: 1, start: 0, end: 60, repetitionStarts: [0], repetitionEnds: [60] }],
  music: null,
  musicLevel: 25,
  pauseSeconds: 0,
  endless: false,
  endsEarly: false,
  itemsLeft: 0,
} satisfies SessionManifest
const now = Date.parse('2026-11-26T10:00:00Z')
const direct = (msLeft: number) => ({ url: '/api/files/sessions/0123456789abcdef0123456789abcdef.mp3?expires=1&md5=x', expiresAt: new Date(now + msLeft).toISOString() })

describe('sessionStreamUrl (ADR 021)', () => {
  it("plays a stored session from the signed address its manifest carries, while enough of that address's life is left", () => {
    expect(sessionStreamUrl({ ...base, direct: direct(DIRECT_STREAM_MARGIN_MS) }, now)).toBe(direct(0).url)
  })

  it("uses the session's own address for a session still to be rendered, or an address about to expire", () => {
    expect(sessionStreamUrl(base, now)).toBe(base.url)
    expect(sessionStreamUrl({ ...base, direct: null }, now)).toBe(base.url)
    expect(sessionStreamUrl({ ...base, direct: direct(DIRECT_STREAM_MARGIN_MS - 1) }, now)).toBe(base.url)
    expect(sessionStreamUrl({ ...base, direct: direct(-1_000) }, now)).toBe(base.url)
  })
})
