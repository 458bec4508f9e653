import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { INITIAL_JS_BUDGET_BYTES, initialJsOf, withStaticImports } from '../support/initial-js'

/**
 * The size budget of `/` (docs/performance.md), read from the production build
 * this run serves (`npm run test:e2e` builds first). No browser needed. `/` has its own entry
 * without the app's router (ADR 014), which keeps it under the 120 KB gzip budget.
 */

const distDir = fileURLToPath(new URL('../../apps/web/dist', import.meta.url))

/** Strings only the code that must stay off the landing's initial path contains. */
const OFF_THE_LANDING_PATH: { name: string; fileName: RegExp; marker: string }[] = [
  { name: 'admin area', fileName: /^assets\/admin/, marker: 'Área administrativa' },
  { name: 'audio player', fileName: /^assets\/player/, marker: 'audio-preferences' },
  { name: 'hls.js', fileName: /^assets\/hls/, marker: 'hls.js' },
  { name: 'zod', fileName: /^assets\/(schemas|zod)/, marker: '$ZodType' },
  { name: 'recharts', fileName: /^assets\/(recharts|charts)/, marker: 'recharts-' },
  { name: 'toast library (sonner)', fileName: /^assets\/sonner/, marker: 'data-sonner-toaster' },
  { name: "app's data router", fileName: /^assets\/start-app/, marker: 'must be used within a data router' },
]

test.describe('initial JS of /', () => {
  const initial = () => initialJsOf(distDir)

  test(`stays within the ${INITIAL_JS_BUDGET_BYTES / 1024} KB gzip budget`, () => {
    const { files, gzipBytes } = initial()
    const listing = files.map((f) => `${(f.gzipBytes / 1024).toFixed(1)} KB ${f.file}`).join('\n')
    expect(gzipBytes, `initial JS of / (gzip):\n${listing}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES)
  })

  for (const part of OFF_THE_LANDING_PATH) {
    test(`does not carry the ${part.name}`, () => {
      const { files } = initial()
      for (const { file } of files) {
        expect(file, `${file} is loaded by /`).not.toMatch(part.fileName)
        expect(readFileSync(join(distDir, file), 'utf8').includes(part.marker), `${file} carries ${part.name}`).toBe(false)
      }
      // The marker must still identify that code somewhere in the build, or this check proves nothing.
      const all = readdirSync(join(distDir, 'assets')).filter((name) => name.endsWith('.js'))
      expect(all.some((name) => readFileSync(join(distDir, 'assets', name), 'utf8').includes(part.marker)), `marker of ${part.name}`).toBe(true)
    })
  }
})

test('the realtime connection every page opens when idle does not load the admin indicators', () => {
  // The landing starts it too (ADR 014): through the feature's barrel its chunk carried the admin
  // presence list and status with the UI kit they import (docs/performance.md).
  const syncChunks = readdirSync(join(distDir, 'assets')).filter((name) => /^realtime-sync-.*\.js$/.test(name))
  expect(syncChunks, 'the realtime sync has a chunk of its own').toHaveLength(1)
  const marker = 'data-presence-id'
  for (const { file } of withStaticImports(distDir, [`assets/${syncChunks[0]}`])) {
    expect(readFileSync(join(distDir, file), 'utf8').includes(marker), `${file} carries the admin presence list`).toBe(false)
  }
  const all = readdirSync(join(distDir, 'assets')).filter((name) => name.endsWith('.js'))
  expect(all.some((name) => readFileSync(join(distDir, 'assets', name), 'utf8').includes(marker)), 'marker of the admin presence list').toBe(true)
})
