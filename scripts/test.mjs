#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in stages, each timed (start, end, duration) with a table
 * at the end — the same command CI runs (.ci/run): typecheck, lint and the production build side
 * by side; the journeys in Chromium; the journeys run alone with, niced beside them, the contract
 * and web tests, the API on PGlite, where PostgreSQL answers (always in CI) the API tests on
 * PostgreSQL, PGlite keeping only the files about itself (ADR 027) and running them with the
 * contract and web tests, and the database-fault test.
 * docs/testing.md explains each stage.
 *
 *   npm test                      everything
 *   npm test -- --only unit,e2e   some stages (names below), e.g. while working on one part
 *
 * Reports (JSON per runner, each stage's output) go to TEST_REPORTS_DIR (default .ci/.reports).
 */
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const reports = resolve(root, process.env.TEST_REPORTS_DIR ?? '.ci/.reports')
mkdirSync(reports, { recursive: true })
const inCi = process.env.CI === 'true'
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

const only = (() => {
  const at = process.argv.indexOf('--only')
  return at >= 0 ? new Set(process.argv[at + 1].split(',')) : null
})()

/** A stage: a command, its environment, and whether its output is streamed as it runs. */
const stages = {
  typecheck: { command: ['npm', 'run', '--silent', 'typecheck'] },
  lint: { command: ['npm', 'run', '--silent', 'lint'] },
  build: { command: ['npm', 'run', '--silent', 'build'] },
  unit: {
    command: ['npx', 'vitest', 'run', '--project', 'contract', '--project', 'web'],
    env: { VITEST_JSON: join(reports, 'vitest-unit.json') },
  },
  // The API on the embedded database: every file where PostgreSQL does not answer; where it does,
  // only the files about the embedded engine itself (docs/decisions/027-api-tests-on-postgresql.md),
  // which the unit stage then runs in its own Vitest run (below).
  pglite: {
    command: ['npx', 'vitest', 'run', '--project', 'api'],
    env: { VITEST_JSON: join(reports, 'vitest-pglite.json') },
  },
  e2e: {
    command: ['npm', 'run', '--silent', 'test', '-w', '@sintonia/e2e', '--', '--project', 'jornadas'],
    env: { E2E_RESULTS_JSON: join(reports, 'playwright.json') },
  },
  // The journeys measured against real time (e2e/support/alone.ts), one at a time, after the others.
  // They use a fraction of one core; the other test stages run beside them at the lowest priority.
  sozinhas: {
    command: ['npm', 'run', '--silent', 'test', '-w', '@sintonia/e2e', '--', '--project', 'sozinhas', '--no-deps'],
    // One at a time: one server for them, not one per journey worker of the other stage.
    env: { E2E_RESULTS_JSON: join(reports, 'playwright-sozinhas.json'), E2E_WORKERS: '1' },
  },
  // The journey measured against real time while other sessions render on its server
  // (locked-screen-under-load.spec.ts): last, with nothing at all beside it.
  carga: {
    command: ['npm', 'run', '--silent', 'test', '-w', '@sintonia/e2e', '--', '--project', 'sob-carga', '--no-deps'],
    env: { E2E_RESULTS_JSON: join(reports, 'playwright-sob-carga.json'), E2E_WORKERS: '1' },
  },
  faults: {
    command: ['npx', 'vitest', 'run', '--project', 'faults'],
    env: { VITEST_JSON: join(reports, 'vitest-faults.json') },
  },
  // Every API file on PostgreSQL, the engine production runs: only here where it answers.
  postgres: {
    command: ['npx', 'vitest', 'run', '--project', 'api'],
    env: { TEST_DATABASE_URL: postgresUrl, VITEST_JSON: join(reports, 'vitest-postgres.json') },
  },
}

/**
 * The order: the groups one after another; in a group, its lanes side by side, each lane's stages
 * one after another. The test stages each fill both cores on their own (two Vitest workers; two
 * Playwright workers, each with its server and browser), so they take turns — except the journeys
 * run alone, which use a fraction of one core and play audio in real time for about three minutes:
 * the faults test, the contract and web tests and the PGlite ones run beside them at the lowest
 * priority, one after the other (side by side, the web's tests starved past their own waits). The
 * PostgreSQL pass comes after them: its server's processes cannot be niced from here, and beside
 * the journeys run alone they made a locked-screen session stall (two runs of four, 2026-12-06). The journeys measured against rendering (the landing's layout shifts) run
 * at the start of the e2e stage, with nothing beside them (e2e/support/alone.ts). Work niced beside
 * the two-worker journeys slowed them more than it saved. The faults test stops PostgreSQL: it runs
 * before the PostgreSQL pass, in its lane (the journeys and the PGlite files do not use it). The
 * locked-screen journey under load comes last, alone: it loads its own server's core on purpose, and
 * Chromium needs the other one to itself (e2e/tests/locked-screen-under-load.spec.ts).
 */
const groups = [[['typecheck'], ['lint'], ['build']], [['e2e']], [['sozinhas'], ['faults', 'unit', 'pglite']], [['postgres']], [['carga']]]
/** Stages that run at the lowest CPU priority when another lane of their group runs beside them. */
const lowPriority = new Set(['unit', 'pglite', 'postgres', 'faults'])

const timings = []
const started = Date.now()
const clock = (ms) => new Date(ms).toISOString().slice(11, 19)
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`

function run(name, { quiet, niced = false }) {
  const stage = stages[name]
  const command = niced ? ['nice', '-n', '19', ...stage.command] : stage.command
  const logFile = join(reports, `${name}.log`)
  const log = createWriteStream(logFile)
  const start = Date.now()
  console.log(`\n==> ${name}: início ${clock(start)}`)
  return new Promise((done) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', ...stage.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        log.write(chunk)
        if (!quiet) process.stdout.write(chunk)
      })
    }
    child.on('close', (code, signal) => {
      log.end()
      const end = Date.now()
      const ok = code === 0
      timings.push({ name, start, end, ok })
      // A stage that ran beside others prints its output once it is over, in one piece.
      if (quiet) log.on('close', () => finish())
      else finish()
      function finish() {
        if (quiet) process.stdout.write(`\n---- saída de ${name} ----\n${readFileSync(logFile, 'utf8')}`)
        console.log(`==> ${name}: fim ${clock(end)} (${seconds(end - start)}) ${ok ? 'ok' : `FALHOU (${signal ?? code})`}`)
        done(ok)
      }
    })
  })
}

function postgresAnswers() {
  return new Promise((done) => {
    const child = spawn('pg_isready', ['-q', '-d', postgresUrl], { stdio: 'ignore' })
    child.on('error', () => done(false))
    child.on('close', (code) => done(code === 0))
  })
}

let failed = false
// Where PostgreSQL answers it runs the API tests, and PGlite only those about the embedded engine
// (the `api-embedded` project of vitest.config.ts): in the same Vitest run as the contract and web
// tests when that stage runs, so one start and one pair of workers serve both.
const wantsPostgres = !only || only.has('postgres')
const onPostgres = wantsPostgres && (await postgresAnswers())
/** Stages whose tests another stage runs. */
const folded = new Set()
if (onPostgres && (!only || only.has('unit'))) {
  stages.unit.command.push('--project', 'api-embedded')
  folded.add('pglite')
} else if (onPostgres) stages.pglite.command = ['npx', 'vitest', 'run', '--project', 'api-embedded']
else if (wantsPostgres && inCi) {
  console.error(`Em CI o PostgreSQL é obrigatório: ${postgresUrl} não respondeu.`)
  failed = true
} else if (wantsPostgres) console.log(`AVISO: PostgreSQL (${postgresUrl}) não respondeu; os testes da API rodam todos no PGlite.`)
for (const group of groups) {
  const lanes = group
    .map((lane) => lane.filter((name) => (!only || only.has(name)) && !folded.has(name) && (name !== 'postgres' || onPostgres)))
    .filter((lane) => lane.length > 0)
  // A failed stage does not stop the others: one run tells everything that is wrong.
  const beside = lanes.length > 1
  const results = await Promise.all(
    lanes.map(async (lane) => {
      let ok = true
      for (const name of lane) ok = (await run(name, { quiet: beside, niced: beside && lowPriority.has(name) })) && ok
      return ok
    }),
  )
  if (results.includes(false)) failed = true
}

const total = Date.now() - started
const table = timings
  .sort((a, b) => a.start - b.start)
  .map((t) => `${t.name.padEnd(10)} ${clock(t.start)} → ${clock(t.end)}  ${seconds(t.end - t.start).padStart(6)}  ${t.ok ? 'ok' : 'FALHOU'}`)
console.log(`\n==> etapas do npm test\n${table.join('\n')}\ntotal      ${seconds(total)}`)
writeFileSync(join(reports, 'stages.json'), JSON.stringify({ total, stages: timings }, null, 2))
process.exit(failed ? 1 : 0)
