// Realtime: N WebSocket clients on /api/realtime; a content change is committed with pg_notify
// (what services do) and the delivery latency from that commit to every client is measured,
// against a minimal `ws` broadcast server on the same channel. Memory per connection from the
// server's resident set size before and after the clients connected.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import pg from 'pg'
import { CLIENT_CPU, SERVER_CPU, freePort, log, percentile, ratio, round, startPinned, writeConfig } from '../lib/common.mjs'

const LOAD = new URL('../lib/load-ws.mjs', import.meta.url).pathname
const REFERENCE = new URL('../lib/ws-reference.mjs', import.meta.url).pathname
const CHANNEL = 'sintonia_domain_events'
const EVENTS = 10

const rssMb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024

/** Node's pid behind `taskset -c N node …` (taskset execs, so it is the same process). */
const pidOf = (handle) => handle.child.pid

async function measure({ url, origin, serverPid, clients, databaseUrl }) {
  const before = rssMb(serverPid)
  const input = writeConfig({ url, origin, clients, events: EVENTS, timeoutMs: 60_000 })
  const child = spawn('taskset', ['-c', CLIENT_CPU, process.execPath, LOAD, input.file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.once('exit', input.cleanup)
  const lines = createInterface({ input: child.stdout })
  const iterator = lines[Symbol.asyncIterator]()
  const first = await iterator.next()
  if (first.done || !JSON.parse(first.value).ready) throw new Error(`clients did not connect: ${first.value}`)
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after = rssMb(serverPid)
  const publisher = new pg.Client({ connectionString: databaseUrl })
  await publisher.connect()
  const sentAt = []
  for (let i = 0; i < EVENTS; i++) {
    sentAt.push(performance.timeOrigin + performance.now())
    // Autocommit: the NOTIFY is delivered when this statement's transaction commits.
    await publisher.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ name: 'fields_changed', at: new Date().toISOString() })])
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  await publisher.end()
  const result = JSON.parse((await iterator.next()).value)
  const latencies = result.received.flatMap((times, i) => times.map((t) => t - sentAt[i]))
  const delivered = result.received.reduce((sum, times) => sum + times.length, 0)
  return {
    clients,
    delivered,
    expected: clients * EVENTS,
    p50Ms: round(percentile(latencies, 50), 1),
    p95Ms: round(percentile(latencies, 95), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    rssBeforeMb: round(before, 1),
    rssAfterMb: round(after, 1),
    kbPerConnection: round(((after - before) * 1024) / clients, 1),
  }
}

export async function realtimeSuite({ apiUrl, api, databaseUrl, clientCounts = [1000, 5000] }) {
  const results = {}
  const refPort = await freePort()
  const referenceInput = writeConfig({ port: refPort, databaseUrl, channel: CHANNEL })
  const reference = startPinned(SERVER_CPU, process.execPath, [REFERENCE, referenceInput.file])
  for (let waited = 0; !reference.output().includes('ready'); waited += 100) {
    if (waited > 15_000 || reference.child.exitCode !== null) throw new Error(`ws reference did not start: ${reference.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  try {
    for (const clients of clientCounts) {
      const app = await measure({ url: `${apiUrl.replace('http', 'ws')}/api/realtime`, origin: apiUrl, serverPid: pidOf(api), clients, databaseUrl })
      const ref = await measure({ url: `ws://127.0.0.1:${refPort}`, origin: apiUrl, serverPid: pidOf(reference), clients, databaseUrl })
      results[clients] = { app, reference: ref, p99Ratio: ratio(app.p99Ms, ref.p99Ms), budgetMet: clients === 1000 ? app.p99Ms <= 250 && app.delivered === app.expected : null }
      log(`realtime ${clients} clients: p99 ${app.p99Ms} ms (ref ${ref.p99Ms} ms), ${app.kbPerConnection} KB/connection (ref ${ref.kbPerConnection}), delivered ${app.delivered}/${app.expected}`)
    }
  } finally {
    await reference.stop()
    referenceInput.cleanup()
  }
  return { budget: { p99MsAt1000: 250 }, events: EVENTS, results }
}
