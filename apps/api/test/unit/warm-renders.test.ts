/**
 * ffmpeg processes started before a listener asks (docs/decisions/037-renders-start-warm.md): one
 * taken was started before and renders the graph it is then sent; one that died while waiting is
 * never handed out; closing stops those waiting and starts none after.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { sendGraph, WarmRenders, type RenderProcess } from '../../src/modules/sessions/warm-renders.js'
import { ffmpeg } from '../helpers/sessions.js'

/** A tenth of a second of silence: the smallest graph a render's command accepts. */
const SILENCE = `anullsrc=r=${SESSION_SAMPLE_RATE}:cl=mono,atrim=end_sample=${SESSION_SAMPLE_RATE / 10}[out]`

function rendered(child: RenderProcess): Promise<{ code: number | null; bytes: number }> {
  let bytes = 0
  child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, bytes })))
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

let pool: WarmRenders | null = null
afterEach(() => pool?.close())

describe('processes started before a render is asked', () => {
  it('hands out the process it started before, which renders the graph it is then sent', async () => {
    pool = new WarmRenders(ffmpeg().path, 1)
    expect(pool.waiting).toBe(0)
    pool.refill()
    pool.refill()
    expect(pool.waiting).toBe(1)
    const [pid] = pool.waitingPids
    const child = pool.take()
    expect(child.pid).toBe(pid)
    expect(pool.waiting).toBe(0)
    const done = rendered(child)
    sendGraph(child, SILENCE)
    const { code, bytes } = await done
    expect(code).toBe(0)
    expect(bytes).toBeGreaterThan(0)
  })

  it('never hands out a process that died while it waited: it starts a new one', async () => {
    pool = new WarmRenders(ffmpeg().path, 1)
    pool.refill()
    const [dead] = pool.waitingPids
    process.kill(dead!, 'SIGKILL')
    await expect.poll(() => pool!.waiting).toBe(0)
    const child = pool.take()
    expect(child.pid).not.toBe(dead)
    const done = rendered(child)
    sendGraph(child, SILENCE)
    expect((await done).code).toBe(0)
  })

  it('stops the processes waiting when it closes, and starts none after', async () => {
    pool = new WarmRenders(ffmpeg().path, 2)
    pool.refill()
    const pids = pool.waitingPids
    expect(pids).toHaveLength(2)
    pool.close()
    pool.refill()
    expect(pool.waiting).toBe(0)
    await expect.poll(() => pids.filter(isRunning)).toEqual([])
  })
})
