/**
 * ffmpeg processes started before anyone asks (docs/decisions/037-renders-start-warm.md).
 *
 * Starting ffmpeg — loading its two hundred libraries — costs several times what the first seconds
 * of a session cost to mix and encode, and on a busy core that start is most of what a listener
 * with settings of their own waits for. Every render runs the same command line
 * (RENDER_ARGUMENTS) and reads its graph from stdin, so a process can be started ahead and wait,
 * idle, for the graph of the next listener's render.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import type { Socket } from 'node:net'
import { RENDER_ARGUMENTS } from './render-command.js'

export type RenderProcess = ChildProcessWithoutNullStreams

/** Starts a render's ffmpeg; it waits for its graph (sendGraph). */
export function startRenderProcess(ffmpegPath: string): RenderProcess {
  const child = spawn(ffmpegPath, RENDER_ARGUMENTS, { stdio: ['pipe', 'pipe', 'pipe'] })
  // A process that ended before its graph was written: its exit reports it, not the pipe's EPIPE.
  child.stdin.on('error', () => undefined)
  return child
}

/** Gives a started process the graph of its render; it begins at once. */
export function sendGraph(child: RenderProcess, graph: string): void {
  child.stdin.end(graph)
}

const alive = (child: RenderProcess) => child.pid !== undefined && child.exitCode === null && child.signalCode === null && !child.killed

/** A waiting process never keeps the server from exiting; a taken one does, as any render. */
function hold(child: RenderProcess, held: boolean): void {
  // The pipes of a spawned process are sockets.
  const pipes = [child.stdin, child.stdout, child.stderr] as unknown as Socket[]
  for (const handle of [child, ...pipes]) {
    if (held) handle.ref()
    else handle.unref()
  }
}

/**
 * The processes of one instance that wait for a listener's render. A few megabytes each of their
 * own (their libraries' pages are shared), no CPU while they wait.
 */
export class WarmRenders {
  private readonly ready = new Set<RenderProcess>()
  private closed = false

  constructor(
    private readonly ffmpegPath: string,
    /** Processes kept waiting. */
    private readonly size: number,
  ) {}

  /** A process waiting for its graph: one started before when there is one, else a new one. */
  take(): RenderProcess {
    for (const child of this.ready) {
      this.ready.delete(child)
      if (!alive(child)) continue
      hold(child, true)
      return child
    }
    return startRenderProcess(this.ffmpegPath)
  }

  /**
   * Starts processes until `size` wait. The renderer calls it once a listener's first bytes are
   * out (or their run ended), so a new process's start never competes with them.
   */
  refill(): void {
    while (!this.closed && this.ready.size < this.size) {
      const child = startRenderProcess(this.ffmpegPath)
      const forget = () => this.ready.delete(child)
      child.once('error', forget)
      child.once('exit', forget)
      hold(child, false)
      this.ready.add(child)
    }
  }

  /** Processes waiting now. */
  get waiting(): number {
    return this.ready.size
  }

  /** The pids of the processes waiting (a test tells them from the renders'). */
  get waitingPids(): number[] {
    return [...this.ready].flatMap((child) => (child.pid === undefined ? [] : [child.pid]))
  }

  /** Stops the waiting processes (shutdown); none is started after. */
  close(): void {
    this.closed = true
    for (const child of this.ready) child.kill('SIGKILL')
    this.ready.clear()
  }
}
