import { afterEach, describe, expect, it, vi } from 'vitest'
import { enqueueMutation, OFFLINE_QUEUE_KEY, readQueue, replayQueue, replayWhenOnline, type QueuedMutation } from './offline-queue'

const isNetwork = (error: unknown) => error instanceof Error && error.message === 'offline'

describe('playlist offline queue', () => {
  afterEach(() => localStorage.clear())

  it('keeps failed writes in localStorage, in order', () => {
    enqueueMutation({ method: 'POST', path: '/api/playlists', body: { id: 'a' } })
    enqueueMutation({ method: 'DELETE', path: '/api/playlists/a' })
    expect(readQueue().map((m) => m.method)).toEqual(['POST', 'DELETE'])
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toContain('/api/playlists/a')
  })

  it('replays in order and empties the queue', async () => {
    enqueueMutation({ method: 'POST', path: '/a' })
    enqueueMutation({ method: 'PATCH', path: '/b' })
    const sent: string[] = []
    const count = await replayQueue(async (m) => void sent.push(m.path), isNetwork)
    expect(count).toBe(2)
    expect(sent).toEqual(['/a', '/b'])
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toBeNull()
  })

  it('stops on a network failure and keeps the rest; drops writes the server refuses', async () => {
    enqueueMutation({ method: 'POST', path: '/refused' })
    enqueueMutation({ method: 'POST', path: '/offline' })
    enqueueMutation({ method: 'POST', path: '/later' })
    const send = async (m: QueuedMutation) => {
      if (m.path === '/refused') throw new Error('409')
      if (m.path === '/offline') throw new Error('offline')
    }
    expect(await replayQueue(send, isNetwork)).toBe(0)
    expect(readQueue().map((m) => m.path)).toEqual(['/offline', '/later'])
  })

  it('replays when the browser fires online', async () => {
    enqueueMutation({ method: 'DELETE', path: '/x' })
    const send = vi.fn(async () => undefined)
    const onReplayed = vi.fn()
    const stop = replayWhenOnline(send, isNetwork, onReplayed)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(onReplayed).toHaveBeenCalledWith(1))
    expect(send).toHaveBeenCalledWith({ method: 'DELETE', path: '/x' })
    stop()
  })
})
