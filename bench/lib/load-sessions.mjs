// Listeners opening sessions (suites/sessions-load.mjs), each at its own moment of an arrival
// schedule: the page's manifest is `POST /api/sessions` through nginx, as deployed (or, for the
// nginx reference, a GET of the same manifest as a static file); `pressAfterMs` later, as a
// player asks for the manifest when its page opens and the listener presses afterwards, a Range
// request for the stream's first `rangeBytes` (the manifest's signed `direct.url` when it has
// one, else its `url`, rendered while heard), then one more Range request at `seekFraction` of
// the stream (a seek). Each listener is its own device: its own keep-alive connections and client
// address (X-Forwarded-For, trusted by the API under test through TRUST_PROXY). Times: the
// manifest's first byte, the press → first byte of the stream, page open → the stream's first
// byte without the wait for the press, and the seek's first byte. Optionally samples the API
// process and its ffmpeg children (lib/proc-tree.mjs).
// Input (a JSON file, common.mjs readConfig):
//   {apiUrl, filesUrl, rangeBytes, pressAfterMs, seekFraction|null, timeoutMs, sample: {pid, intervalMs}|null,
//    listeners: [{at, xff, cookie?, body?, kind, reference?: {manifestPath, filePath, bytes}}]}
// Prints one JSON line: {listeners: [...per listener...], usage|null, seconds}.
import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { readConfig } from './common.mjs'
import { sampleProcessTree } from './proc-tree.mjs'

const config = readConfig()
const { apiUrl, filesUrl, rangeBytes, seekFraction, timeoutMs, pressAfterMs = 0 } = config

class Timeout extends Error {}

/**
 * One request; resolves with its status, headers, body (when `keepBody`), bytes and the time from
 * the request to the first body byte (`firstByteMs`, or to the headers when there is no body).
 */
function request(url, { agent, method = 'GET', headers = {}, body, keepBody = false }) {
  return new Promise((resolve, reject) => {
    const sent = performance.now()
    let firstByteMs = null
    const chunks = []
    let bytes = 0
    const req = http.request(url, { method, agent, headers }, (res) => {
      // A refusal's body holds its pt-BR message: kept to tell a busy instance from a failure.
      const keep = keepBody || res.statusCode >= 400
      res.on('data', (chunk) => {
        if (firstByteMs === null) firstByteMs = performance.now() - sent
        bytes += chunk.length
        if (keep) chunks.push(chunk)
      })
      res.on('end', () => {
        clearTimeout(timer)
        if (firstByteMs === null) firstByteMs = performance.now() - sent
        resolve({ status: res.statusCode, headers: res.headers, body: keep ? Buffer.concat(chunks).toString('utf8') : null, bytes, firstByteMs, sent })
      })
      res.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })
    const timer = setTimeout(() => req.destroy(new Timeout(`no answer in ${timeoutMs} ms`)), timeoutMs)
    req.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    if (body !== undefined) req.write(body)
    req.end()
  })
}

/** A GET of the stream that follows the API's redirect to a signed address (served by nginx, as deployed). */
async function getStream(url, options) {
  const first = await request(url, options)
  if (first.status !== 302 && first.status !== 301) return { ...first, redirected: false }
  const location = first.headers.location
  const next = await request(location.startsWith('/') ? filesUrl + location : location, options)
  // The listener waited for both: the first byte counts from the first request.
  return { ...next, firstByteMs: next.firstByteMs + (next.sent - first.sent), redirected: true }
}

const rangeHeader = (start, total) => `bytes=${start}-${Math.min(total, start + rangeBytes) - 1}`

function messageOf(body) {
  try {
    return JSON.parse(body).message
  } catch {
    return (body ?? '').slice(0, 200)
  }
}

function failure(error) {
  if (error instanceof Timeout) return 'timeout'
  return error.code ?? error.message
}

async function listen(listener, origin) {
  await sleep(Math.max(0, origin + listener.at - performance.now()))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const out = { kind: listener.kind, late: Math.round(performance.now() - (origin + listener.at)) }
  const headers = { 'x-forwarded-for': listener.xff, ...(listener.cookie ? { cookie: listener.cookie } : {}) }
  const opened = performance.now()
  try {
    let streamUrl
    let total
    if (listener.reference) {
      const manifest = await request(filesUrl + listener.reference.manifestPath, { agent, headers, keepBody: true })
      out.pressStatus = manifest.status
      out.manifestMs = Math.round(manifest.firstByteMs * 1000) / 1000
      if (manifest.status !== 200) return out
      JSON.parse(manifest.body)
      streamUrl = filesUrl + listener.reference.filePath
      total = listener.reference.bytes
      out.direct = true
    } else {
      const body = JSON.stringify(listener.body)
      // Through nginx, as deployed (one origin): the stream of a stored session then comes over
      // the connection the manifest opened, as the reference's file does and as a page's would.
      const manifest = await request(`${filesUrl}/api/sessions`, {
        agent,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        body,
        keepBody: true,
      })
      out.pressStatus = manifest.status
      out.manifestMs = Math.round(manifest.firstByteMs * 1000) / 1000
      if (manifest.status !== 200) {
        out.message = messageOf(manifest.body)
        return out
      }
      const parsed = JSON.parse(manifest.body)
      out.key = parsed.key
      out.durationSeconds = parsed.durationSeconds
      out.direct = Boolean(parsed.direct)
      streamUrl = parsed.direct ? filesUrl + parsed.direct.url : apiUrl + parsed.url
      total = parsed.bytes
    }
    // The press comes after the page opened, never in the same instant: measured right after the
    // manifest, the stream's first byte depended on how long the manifest took (a client idle
    // for 3 ms answers later than one idle for 1 ms), not on what serves the stream (ADR 025).
    const manifestDone = performance.now()
    if (pressAfterMs > 0) await sleep(pressAfterMs)
    const waited = performance.now() - manifestDone
    const first = await getStream(streamUrl, { agent, headers: { ...headers, range: rangeHeader(0, total) } })
    out.streamStatus = first.status
    out.redirected = first.redirected
    if (first.status !== 206 && first.status !== 200) {
      out.message = messageOf(first.body)
      return out
    }
    // Microseconds: a stored session's first byte and nginx's file's are fractions of a millisecond apart.
    out.firstByteMs = Math.round((first.sent + first.firstByteMs - opened - waited) * 1000) / 1000
    out.streamFirstByteMs = Math.round(first.firstByteMs * 1000) / 1000
    out.bytes = first.bytes
    if (seekFraction !== null && seekFraction !== undefined) {
      const start = Math.floor(total * seekFraction)
      try {
        const seek = await getStream(streamUrl, { agent, headers: { ...headers, range: rangeHeader(start, total) } })
        out.seekStatus = seek.status
        if (seek.status === 206 || seek.status === 200) out.seekFirstByteMs = Math.round(seek.firstByteMs * 1000) / 1000
      } catch (error) {
        out.seekFailure = failure(error)
      }
    }
  } catch (error) {
    out.failure = failure(error)
  } finally {
    agent.destroy()
  }
  return out
}

let sampler = null
let usage = null
try {
  sampler = config.sample ? sampleProcessTree(config.sample.pid, { intervalMs: config.sample.intervalMs ?? 100 }) : null
} catch (error) {
  usage = { error: error.message }
}
const origin = performance.now() + 200
const listeners = await Promise.all(config.listeners.map((listener) => listen(listener, origin)))
if (sampler) usage = sampler.stop()
console.log(JSON.stringify({ listeners, usage, seconds: Math.round((performance.now() - origin) / 100) / 10 }))
