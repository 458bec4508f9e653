import { fileURLToPath } from 'node:url'
import { defineConfig, devices, type LaunchOptions } from '@playwright/test'
import { ALONE, QUIET, UNDER_LOAD } from './support/alone'
import { UNDER_LOAD_CORES } from './support/cores'
import { e2ePort, runDirFromRoot } from './support/run-paths'

/** This worker's server (each worker has its own: e2e/support/global-setup.ts). */
export const baseURL = `http://localhost:${e2ePort}`
/** This worker's mailbox (e2e/support/mail-sink.ts): its server sends real SMTP to it. */
export const mailSinkUrl = `http://127.0.0.1:${e2ePort + 2}`
const artifacts = runDirFromRoot.replace(/^e2e\//, './')
/**
 * Workers run side by side, each with its own server and database. Two by default: the journeys
 * wait on the network, timers and real-time audio as much as on the CPU, so two overlap well on
 * the 2-core CI machine.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2)

/**
 * Chromium features the journeys turn off. Chromium reads only the last `--disable-features`, so
 * this repeats the list Playwright passes itself (playwright-core's `chromiumSwitches`, 1.65) and
 * adds the omnibox popup: every new browser context (a window) preloads its page,
 * chrome://omnibox-popup.top-chrome, in a renderer of its own — about 1.1 s of CPU per context
 * with the window's share, a few minutes of the 2-core machine over a run. A journey never
 * types in an address bar.
 */
const disabledFeatures = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter'],
  ...['PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin', 'OptimizationHints'],
  ...['NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'],
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
]

/** The system Chromium (no browser download). */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const launchOptions: LaunchOptions = {
  // Playwright tells Chromium to keep its shared memory in /tmp (made for containers whose
  // /dev/shm is tiny); on the CI machine /dev/shm is a RAM disk of many GB, /tmp a real disk.
  // Where /dev/shm is small, Debian's chromium launcher adds the flag back by itself.
  ignoreDefaultArgs: ['--disable-dev-shm-usage'],
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    `--disable-features=${disabledFeatures.join(',')}`,
  ],
}

/** The same Chromium kept to its cores, off the one the server of the journey under load has. */
const offTheServersCore: LaunchOptions | undefined = UNDER_LOAD_CORES
  ? {
      ...launchOptions,
      executablePath: fileURLToPath(new URL('./support/chromium-on-cpus.sh', import.meta.url)),
      env: { ...process.env, CHROMIUM_CPUS: UNDER_LOAD_CORES.browser, CHROMIUM_PATH: chromiumPath },
    }
  : undefined

/**
 * Journeys run in the system Chromium (no browser download) against the production build served
 * by the real API on embedded databases copied from one migrated and seeded template.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `${artifacts}/test-results`,
  globalSetup: './support/global-setup.ts',
  // The visual test's pictures are named without the project ({name}-linux.png), one set for the run.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  // Generous for a loaded 2-core machine; journeys that promise a time ("within 2 s") set their own.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_RESULTS_JSON ?? `${artifacts}/results.json` }]],
  projects: [
    // Journeys measured against rendering (e2e/support/alone.ts) run first, one at a time, on a
    // machine nothing else is loading yet.
    { name: 'quietas', grep: new RegExp(QUIET), workers: 1 },
    // The app's service worker precaches the whole app (about 200 files) in every new browser
    // context; the journeys about offline, updates, push and the security policy allow it
    // (`test.use({ serviceWorkers: 'allow' })`), the others spare the machine that work.
    {
      name: 'jornadas',
      grepInvert: new RegExp(`${ALONE}|${QUIET}|${UNDER_LOAD}`),
      dependencies: ['quietas'],
      use: { serviceWorkers: process.env.E2E_SW === 'allow' ? 'allow' : 'block' },
    },
    // Journeys measured against real time (e2e/support/alone.ts) run once the others are done, one
    // at a time, with no other journey loading the machine (`npm test` runs them as a stage of their
    // own, with only lowest-priority work beside them: scripts/test.mjs).
    { name: 'sozinhas', grep: new RegExp(ALONE), dependencies: ['jornadas'], workers: 1 },
    // The journey measured against real time while other sessions render (e2e/support/alone.ts):
    // last, alone (`npm test` gives it the last stage), with Chromium on every core but the last,
    // which its server has (locked-screen-under-load.spec.ts).
    {
      name: 'sob-carga',
      grep: new RegExp(UNDER_LOAD),
      dependencies: ['sozinhas'],
      workers: 1,
      use: offTheServersCore ? { launchOptions: offTheServersCore } : {},
    },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Journeys prove what a person does, not motion: without it Chromium stops painting the
    // player's breathing light (a third of a core while audio plays, under --disable-gpu) and the
    // skeletons' pulse. The motion itself is proved where it is the subject (the day's celebration
    // in practice-journey.spec.ts, component tests of the player and the celebration).
    reducedMotion: 'reduce',
    // A trace records every step of every journey; in CI (where nobody opens it) that is only cost.
    trace: process.env.CI === 'true' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
})
