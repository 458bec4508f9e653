// An anonymous flood of sessions for the public demo audio (suites/sessions-load.mjs): `concurrency`
// loops at full speed, each request from a new client address (X-Forwarded-For, trusted by the
// API under test through TRUST_PROXY: the per-address limit of POST /api/sessions never bites, the
// worst case of many machines), half of them one of the demo's variants (rendered ahead) and half
// random settings (repetitions, pause, level, timer). A manifest is followed by a Range request of
// its stream's first `rangeBytes`, as a player does. Runs until `stopFile` exists (or `maxMs`).
// Input (a JSON file, common.mjs readConfig):
//   {apiUrl, filesUrl, demoAudioId, variants: [request...], concurrency, rangeBytes, stopFile, maxMs}
// Prints {seconds, requests, rps, post: {status: n}, stream: {status: n}, failures: {code: n}}.
import { existsSync } from 'node:fs'
import http from 'node:http'
import { readConfig } from './common.mjs'

const config = readConfig()
const agent = new http.Agent({ keepAlive: true, maxSockets: config.concurrency * 2 })
const post = {}
const stream = {}
const failures = {}
let requests = 0
let address = 0
const count = (map, key) => (map[key] = (map[key] ?? 0) + 1)
const pick = (n) => Math.floor(Math.random() * n)

function request(url, { method = 'GET', headers, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

function randomRequest() {
  if (Math.random() < 0.5) return config.variants[pick(config.variants.length)]
  return {
    items: [{ audioId: config.demoAudioId, repetitions: pick(100) }],
    pauseSeconds: pick(61),
    music: 'auto',
    musicLevel: pick(101),
    endAtSeconds: Math.random() < 0.3 ? 60 + pick(3600) : null,
  }
}

const started = performance.now()
const done = () => existsSync(config.stopFile) || performance.now() - started > config.maxMs

async function flooder() {
  while (!done()) {
    address++
    const headers = { 'x-forwarded-for': `100.${64 + ((address >> 16) & 63)}.${(address >> 8) & 255}.${address & 255}`, 'content-type': 'application/json' }
    const body = JSON.stringify(randomRequest())
    requests++
    try {
      const answer = await request(`${config.apiUrl}/api/sessions`, { method: 'POST', headers, body })
      count(post, answer.status)
      if (answer.status !== 200) continue
      const manifest = JSON.parse(answer.body)
      const url = manifest.direct ? config.filesUrl + manifest.direct.url : config.apiUrl + manifest.url
      const range = { 'x-forwarded-for': headers['x-forwarded-for'], range: `bytes=0-${Math.min(manifest.bytes, config.rangeBytes) - 1}` }
      let audio = await request(url, { headers: range })
      if (audio.status === 302) {
        count(stream, 302)
        const location = audio.headers.location
        audio = await request(location.startsWith('/') ? config.filesUrl + location : location, { headers: range })
      }
      count(stream, audio.status)
    } catch (error) {
      count(failures, error.code ?? error.message)
    }
  }
}

await Promise.all(Array.from({ length: config.concurrency }, flooder))
agent.destroy()
const seconds = (performance.now() - started) / 1000
console.log(JSON.stringify({ seconds: Math.round(seconds * 10) / 10, requests, rps: Math.round((requests / seconds) * 10) / 10, post, stream, failures }))
