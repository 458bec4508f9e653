import { defineConfig, devices } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { e2eDataDirFromRoot, e2ePort } from './support/run-paths'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const port = e2ePort
const dataDir = e2eDataDirFromRoot
/** Results of a run on another port stay apart from the default run's (which CI reads). */
const artifacts = port === 3100 ? './.artifacts' : `./.artifacts/run-${port}`
export const baseURL = `http://localhost:${port}`
/** The run's mailbox (e2e/support/mail-sink.ts): the server sends real SMTP to it. */
const smtpPort = port + 1
export const mailSinkUrl = `http://127.0.0.1:${port + 2}`

/**
 * Journeys run in the system Chromium (no browser download) against the production build
 * served by the real API on a fresh embedded database.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `${artifacts}/test-results`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${artifacts}/results.json` }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: `node --import tsx e2e/support/mail-sink.ts ${smtpPort} ${port + 2}`,
      cwd: repoRoot,
      url: `${mailSinkUrl}/messages`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: `rm -rf ${dataDir} && node apps/api/dist/server.js`,
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Sintonia <nao-responda@sintonia.test>',
      },
    },
  ],
})
