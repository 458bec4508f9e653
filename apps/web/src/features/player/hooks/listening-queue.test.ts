import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '../../../lib/api-client'
import { listeningQueue, type ListeningEvent } from './listening-queue'

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
