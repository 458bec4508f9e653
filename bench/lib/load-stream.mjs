// Load generator for file streaming: N keep-alive connections, each looping over requests
// (a random 256 KB Range, or a full read), for a fixed duration. Measures bytes received and
// the time to first byte (request written → response headers) of every request.
// Input (a JSON file, common.mjs readConfig): {url, headers, mode: 'range'|'full', fileSize, rangeBytes, connections, durationMs}
import http from 'node:http'
import { readConfig } from './common.mjs'

const config = readConfig()
const agent = new http.Agent({ keepAlive: true, maxSockets: config.connections })
const ttfb = []
let bytes = 0
let requests = 0
let errors = 0
const statuses = {}
const start = performance.now()
const end = start + config.durationMs

function once() {
  return new Promise((resolve) => {
    const headers = { ...config.headers }
    if (config.mode === 'range') {
      const offset = Math.floor(Math.random() * (config.fileSize - config.rangeBytes))
      headers.range = `bytes=${offset}-${offset + config.rangeBytes - 1}`
    }
    const sent = performance.now()
    const request = http.get(config.url, { agent, headers }, (response) => {
      ttfb.push(performance.now() - sent)
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
      response.on('data', (chunk) => (bytes += chunk.length))
      response.on('end', () => {
        requests += 1
        resolve()
      })
      response.on('error', () => {
        errors += 1
        resolve()
      })
    })
    request.on('error', () => {
      errors += 1
      resolve()
    })
  })
}

async function worker() {
  while (performance.now() < end) await once()
}

await Promise.all(Array.from({ length: config.connections }, worker))
const seconds = (performance.now() - start) / 1000
ttfb.sort((a, b) => a - b)
const pct = (p) => (ttfb.length ? ttfb[Math.min(ttfb.length - 1, Math.ceil((p / 100) * ttfb.length) - 1)] : null)
agent.destroy()
console.log(JSON.stringify({ requests, errors, statuses, seconds, bytes, mbPerSec: bytes / 1e6 / seconds, ttfbP50: pct(50), ttfbP99: pct(99) }))
