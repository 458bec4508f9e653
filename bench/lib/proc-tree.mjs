// A server process and its children (the API and its ffmpeg renders) read from /proc: CPU time,
// resident memory and how many children run, sampled every `intervalMs`. Children at niceness 19
// are the renders made ahead of any listener (api sessions/renderer.ts, AHEAD_NICENESS); the
// others (niceness 0) were started for a listener.
import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

export const CLOCK_TICKS = 100 // USER_HZ on Linux
const PAGE_BYTES = 4096
export const AHEAD_NICENESS = 19

/** One /proc/<pid>/stat line, parsed (fields after the command name), or null once gone. */
export function readStat(pid) {
  let text
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  const close = text.lastIndexOf(')')
  const comm = text.slice(text.indexOf('(') + 1, close)
  const f = text.slice(close + 2).split(' ')
  // f[0] is field 3 (state): field n is f[n - 3].
  return {
    pid,
    comm,
    ppid: Number(f[1]),
    ticks: Number(f[11]) + Number(f[12]),
    childTicks: Number(f[13]) + Number(f[14]),
    nice: Number(f[16]),
    rssBytes: Number(f[21]) * PAGE_BYTES,
  }
}

/** The live children of `pid` (a scan of /proc: this kernel has no /proc/<pid>/task/<tid>/children). */
export function childrenOf(pid) {
  const children = []
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) > 57) continue
    const stat = readStat(name)
    if (stat && stat.ppid === pid) children.push(stat)
  }
  return children
}

/**
 * Starts sampling `pid` and its children; `stop()` returns what was used since the start:
 * the process's own CPU seconds, its children's by kind (each child's CPU counted from the first
 * sample that saw it, so a render already running at the start counts only from then; a child
 * that lived less than one interval is missed, the reaped-children total `reapedCpuSeconds` is
 * exact), the peak resident memory of the process and its children together, and the peak
 * number of children by kind.
 */
export function sampleProcessTree(pid, { intervalMs = 100 } = {}) {
  const first = readStat(pid)
  if (!first) throw new Error(`process ${pid} is not running`)
  const seen = new Map() // child pid → { base, last, ahead, comm }
  for (const child of childrenOf(pid)) seen.set(child.pid, { base: child.ticks, last: child.ticks, ahead: child.nice >= AHEAD_NICENESS, comm: child.comm })
  let last = first
  let peakRssBytes = 0
  let peakListenerChildren = 0
  let peakAheadChildren = 0
  let peakChildren = 0
  let samples = 0
  const sample = () => {
    const self = readStat(pid)
    if (!self) return
    last = self
    let rss = self.rssBytes
    let listener = 0
    let ahead = 0
    for (const child of childrenOf(pid)) {
      rss += child.rssBytes
      const known = seen.get(child.pid)
      const isAhead = child.nice >= AHEAD_NICENESS
      if (known) {
        known.last = child.ticks
        known.ahead = isAhead
      } else seen.set(child.pid, { base: 0, last: child.ticks, ahead: isAhead, comm: child.comm })
      if (isAhead) ahead++
      else listener++
    }
    samples++
    peakRssBytes = Math.max(peakRssBytes, rss)
    peakListenerChildren = Math.max(peakListenerChildren, listener)
    peakAheadChildren = Math.max(peakAheadChildren, ahead)
    peakChildren = Math.max(peakChildren, listener + ahead)
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      let listenerTicks = 0
      let aheadTicks = 0
      let listenerCount = 0
      let aheadCount = 0
      for (const child of seen.values()) {
        const used = Math.max(0, child.last - child.base)
        if (child.ahead) {
          aheadTicks += used
          aheadCount++
        } else {
          listenerTicks += used
          listenerCount++
        }
      }
      return {
        processCpuSeconds: (last.ticks - first.ticks) / CLOCK_TICKS,
        listenerChildrenCpuSeconds: listenerTicks / CLOCK_TICKS,
        aheadChildrenCpuSeconds: aheadTicks / CLOCK_TICKS,
        reapedCpuSeconds: (last.childTicks - first.childTicks) / CLOCK_TICKS,
        listenerChildren: listenerCount,
        aheadChildren: aheadCount,
        peakRssMb: Math.round((peakRssBytes / 1024 / 1024) * 10) / 10,
        peakListenerChildren,
        peakAheadChildren,
        peakChildren,
        samples,
        intervalMs,
      }
    },
  }
}

/**
 * Waits until every process of `pids` used less than `maxShare` of a core over `windowMs` and
 * none of its children started for a listener used any CPU in that window (renders made ahead,
 * at niceness 19, may run; the ffmpeg waiting for the next listener's render, ADR 037, sits idle
 * and is not a render); gives up after `timeoutMs`. Returns the seconds waited, whether it got
 * quiet and, if not, what was busy in the last window (`busy`).
 */
export async function waitForQuiet(pids, { windowMs = 3000, maxShare = 0.05, timeoutMs = 240_000 } = {}) {
  const started = Date.now()
  const listenerChildren = () => pids.flatMap((pid) => childrenOf(pid).filter((child) => child.nice < AHEAD_NICENESS))
  let busy = null
  while (Date.now() - started < timeoutMs) {
    const before = pids.map((pid) => readStat(pid)?.ticks ?? 0)
    const childrenBefore = new Map(listenerChildren().map((child) => [child.pid, child.ticks]))
    await sleep(windowMs)
    const used = pids.map((pid, i) => ((readStat(pid)?.ticks ?? 0) - before[i]) / CLOCK_TICKS)
    // A child seen only now was started in the window: it counts as busy.
    const busyChildren = listenerChildren().filter((child) => !childrenBefore.has(child.pid) || child.ticks > childrenBefore.get(child.pid))
    const busyProcesses = pids.flatMap((pid, i) => (used[i] > (maxShare * windowMs) / 1000 ? [`process ${pid} at ${Math.round((used[i] / (windowMs / 1000)) * 100)} % of a core`] : []))
    if (!busyChildren.length && !busyProcesses.length) return { waitedSeconds: Math.round((Date.now() - started) / 1000), quiet: true, busy: null }
    busy = [
      `in the last ${windowMs / 1000} s:`,
      [...busyProcesses, ...busyChildren.map((child) => `${childrenBefore.has(child.pid) ? 'child' : 'new child'} ${child.pid} (${child.comm}, nice ${child.nice})`)].join('; '),
    ].join(' ')
  }
  return { waitedSeconds: Math.round((Date.now() - started) / 1000), quiet: false, busy }
}
