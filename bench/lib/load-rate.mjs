// Open-loop load at a fixed rate: requests start on a fixed schedule (every 1000/rate ms) whatever
// the server's speed, over up to `connections` keep-alive connections, and each latency is measured
// from the moment its request was due — so a slow answer also counts against the requests that
// waited behind it (no coordinated omission). autocannon's `overallRate` sends each second's
// requests in one burst at the start of the second, which measures a burst of 50, not a rate.
// Input (JSON file named by argv[2], see common.mjs): {url, headers, connections, durationSec, rate, paths?}
// Prints {rps, total, p50, p90, p99, max, errors, non2xx, late}.
import http from 'node:http'
import { readConfig } from './common.mjs'

const config = readConfig()
const origin = new URL(config.url)
const paths = config.paths ?? [origin.pathname + origin.search]
const agent = new http.Agent({ keepAlive: true, maxSockets: config.connections })
const interval = 1000 / config.rate
const total = Math.round(config.rate * config.durationSec)
const latencies = []
let errors = 0
let non2xx = 0
let late = 0
let done = 0
const start = performance.now()

await new Promise((resolve) => {
  const finish = () => {
    done += 1
    if (done === total) resolve()
  }
  const send = (index) => {
    const due = start + index * interval
    const request = http.get(
      { host: origin.hostname, port: origin.port, path: paths[index % paths.length], agent, headers: config.headers ?? {} },
      (response) => {
        response.resume()
        response.on('end', () => {
          latencies.push(performance.now() - due)
          if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1
          finish()
        })
      },
    )
    request.on('error', () => {
      errors += 1
      finish()
    })
  }
  let next = 0
  // A timer wakes up every millisecond or so and starts every request that is due by then.
  const tick = () => {
    const now = performance.now()
    while (next < total && start + next * interval <= now) {
      // All sockets busy: the request queues in the agent and its wait is part of its latency.
      if (now - (start + next * interval) > 5) late += 1
      send(next++)
    }
    if (next < total) setTimeout(tick, 1)
  }
  tick()
})

agent.destroy()
latencies.sort((a, b) => a - b)
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]
const seconds = (performance.now() - start) / 1000
console.log(JSON.stringify({ rps: latencies.length / seconds, total: latencies.length, p50: pct(50), p90: pct(90), p99: pct(99), max: latencies.at(-1), errors, non2xx, late }))
