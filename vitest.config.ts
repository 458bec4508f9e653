import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { EMBEDDED_DATABASE_TESTS } from './scripts/api-embedded-tests.mjs'

/** The API's tests: on PostgreSQL where TEST_DATABASE_URL names one, else on PGlite (apps/api/test/global-setup.ts). */
const apiTests: TestProjectInlineConfiguration['test'] = {
  root: 'apps/api',
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  // The database-fault test restarts PostgreSQL: it runs alone, as its own project.
  exclude: ['test/faults/**'],
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  setupFiles: ['test/setup-env.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Every file builds its own app on its own database clone and keeps no module state
  // that another file reads, so a worker may reuse its imports (the app's module graph
  // costs ~3 s per file to load otherwise).
  isolate: false,
}

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine.
    // Test files wait on WASM Postgres and sockets as much as on the CPU, so two overlap well.
    maxWorkers: 2,
    // CI reads a JSON report to print one closing 'N passed, N failed' line for the whole run.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : {},
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      { test: { ...apiTests, name: 'api' } },
      // The API files about the embedded engine itself (ADR 027), on PGlite: `npm test` runs them with
      // the contract and web tests when PostgreSQL runs the others (scripts/test.mjs).
      { test: { ...apiTests, name: 'api-embedded', include: EMBEDDED_DATABASE_TESTS } },
      {
        test: {
          name: 'faults',
          root: 'apps/api',
          include: ['test/faults/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup-env.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          isolate: false,
          // In `npm test` the unit stage runs at nice 19 beside the journeys run alone: a test's
          // own waits (waitFor, findBy…: 15 s, src/test/setup.ts) decide; the file's limit only
          // catches a test that hangs.
          testTimeout: 45_000,
        },
      },
    ],
  },
})
