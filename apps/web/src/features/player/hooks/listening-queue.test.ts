import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '../../../lib/api-client'
import type { ListeningEvent } from '../api/listener-api'
import { createListeningQueue, LISTENING_QUEUE_STORAGE_KEY, listeningQueue } from './listening-queue'

const AUDIO = '6f1c2d1e-8b0a-4c3e-9a55-0d6b8f1e2a3b'

describe('listeningQueue', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    listeningQueue.reset()
    vi.useRealTimers()
  })

  it('sends queued events with fresh uuids', async () => {
    const sent: ListeningEvent[][] = []
    listeningQueue.reset(async (events) => void sent.push(events))
    const a = listeningQueue.record(AUDIO, 'play')
    const b = listeningQueue.record(AUDIO, 'repetition')
    expect(a.id).not.toBe(b.id)
    await vi.runAllTimersAsync()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.map((e) => e.kind)).toEqual(['play', 'repetition'])
    expect(listeningQueue.pending()).toHaveLength(0)
  })

  it('retries after a network failure', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiRequestError(0, 'offline')).mockResolvedValue({ accepted: 1, duplicates: 0 })
    listeningQueue.reset(send)
    const event = listeningQueue.record(AUDIO, 'repetition')
    await vi.advanceTimersByTimeAsync(0)
    expect(listeningQueue.pending()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(send).toHaveBeenCalledTimes(2)
    expect(send.mock.calls[1]?.[0]).toEqual([event])
    expect(listeningQueue.pending()).toHaveLength(0)
  })
})

describe('listening done offline survives a reload', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.removeItem(LISTENING_QUEUE_STORAGE_KEY)
  })
  afterEach(() => {
    localStorage.removeItem(LISTENING_QUEUE_STORAGE_KEY)
    vi.useRealTimers()
  })

  it('keeps unsent events in localStorage and a new page sends them exactly once', async () => {
    const offline = vi.fn().mockRejectedValue(new ApiRequestError(0, 'Erro de conexão. Verifique sua internet.'))
    const before = createListeningQueue(offline, localStorage)
    const play = before.record(AUDIO, 'play')
    const repetition = before.record(AUDIO, 'repetition')
    await vi.advanceTimersByTimeAsync(0)
    expect(offline).toHaveBeenCalled()
    const stored = JSON.parse(localStorage.getItem(LISTENING_QUEUE_STORAGE_KEY) ?? '[]') as ListeningEvent[]
    expect(stored.map((e) => e.id)).toEqual([play.id, repetition.id])

    // The page is closed and opened again, now online: the same events (same ids) go out once.
    const sent: ListeningEvent[][] = []
    const after = createListeningQueue(async (events) => void sent.push(events), localStorage)
    expect(after.pending().map((e) => e.id)).toEqual([play.id, repetition.id])
    await after.flush()
    await after.flush()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.map((e) => e.id)).toEqual([play.id, repetition.id])
    expect(localStorage.getItem(LISTENING_QUEUE_STORAGE_KEY)).toBeNull()
  })

  it('ignores a damaged stored queue', () => {
    localStorage.setItem(LISTENING_QUEUE_STORAGE_KEY, '{não é json')
    expect(createListeningQueue(async () => undefined, localStorage).pending()).toEqual([])
    localStorage.setItem(LISTENING_QUEUE_STORAGE_KEY, JSON.stringify([{ id: 1 }, { id: 'x', audioId: AUDIO, kind: 'play', occurredAt: '2026-11-22T10:00:00Z' }]))
    expect(createListeningQueue(async () => undefined, localStorage).pending().map((e) => e.id)).toEqual(['x'])
  })
})
