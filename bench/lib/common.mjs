// Shared helpers of the benchmark suites: processes pinned to cores, waiting for servers, statistics.
import { spawn, execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
export const benchRoot = fileURLToPath(new URL('..', import.meta.url))

/** The server under test and nginx run on core 0, load generators and browsers on core 1. */
export const SERVER_CPU = '0'
export const CLIENT_CPU = '1'

export function hasCommand(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

const pinned = (cpu, command, args) => (cpu !== null && hasCommand('taskset') ? ['taskset', ['-c', cpu, command, ...args]] : [command, args])

/**
 * Starts a long-running process pinned to `cpu` (`null`: free on every core); returns it with a
 * `stop()` that waits for exit.
 */
export function startPinned(cpu, command, args, options = {}) {
  const [cmd, argv] = pinned(cpu, command, args)
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...options })
  let output = ''
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-20_000)))
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-20_000)))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/**
 * The input of a one-shot script (runPinnedJson): a JSON file named by its first argument. A file,
 * not the argument itself, because a list of thousands of request paths exceeds what the kernel
 * accepts as arguments (E2BIG).
 */
export function readConfig() {
  return JSON.parse(readFileSync(process.argv[2], 'utf8'))
}

/** Writes a script's input where `readConfig` finds it; `cleanup` removes it. */
export function writeConfig(input) {
  const dir = mkdtempSync(join(tmpdir(), 'sintonia-bench-input-'))
  const file = join(dir, 'input.json')
  writeFileSync(file, JSON.stringify(input))
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * Runs a one-shot Node script pinned to `cpu` (its input in a JSON file) and parses the JSON it
 * prints last; `niceness` runs it at that priority (`nice -n`), below the measuring clients.
 */
export function runPinnedJson(cpu, script, input, { timeoutMs = 180_000, niceness = 0 } = {}) {
  const { file: inputFile, cleanup } = writeConfig(input)
  return new Promise((resolve, reject) => {
    const [command, ...prefix] = [...(niceness > 0 ? ['nice', '-n', String(niceness)] : []), process.execPath]
    const [cmd, argv] = pinned(cpu, command, [...prefix, script, inputFile])
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: repoRoot })
    let out = ''
    let err = ''
    child.stdout.on('data', (c) => (out += c))
    child.stderr.on('data', (c) => (err += c))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      cleanup()
      const last = out.trim().split('\n').pop() ?? ''
      try {
        if (code !== 0) throw new Error(`exit ${code}`)
        resolve(JSON.parse(last))
      } catch (error) {
        reject(new Error(`${script} failed (${error.message}): ${err.slice(-2000)} ${out.slice(-500)}`))
      }
    })
  })
}

export async function waitForHttp(url, { timeoutMs = 60_000, ok = (status) => status < 500 } = {}) {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      if (ok(response.status)) return
      last = `status ${response.status}`
    } catch (error) {
      last = error.message
    }
    await sleep(250)
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms (${last})`)
}

export function percentile(values, p) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

export const median = (values) => percentile(values, 50)

export const round = (value, digits = 2) => (value === null || value === undefined || Number.isNaN(value) ? null : Number(value.toFixed(digits)))

export const ratio = (a, b) => (a === null || b === null || !b ? null : round(a / b, 3))

export function log(...parts) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts)
}

/** Picks a free TCP port. */
export async function freePort() {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** A small deterministic generator, so the app and its reference get the same arrivals. */
function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** K arrivals of a Poisson process over the window, given there are K: K uniform moments, sorted (ms). */
export function arrivals(count, windowMs, seed) {
  const random = mulberry32(seed)
  return Array.from({ length: count }, () => Math.round(random() * windowMs)).sort((a, b) => a - b)
}
