import { expect, type BrowserContext, type Page } from '@playwright/test'
import type { SessionManifest } from '@sintonia/contract'

/** Waits until the service worker controls the page (first install claims open pages at once). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, {
    timeout: 30_000,
  })
}

export interface CachedAudioRow {
  id: string
  size: number
  blobSize: number
}

/** The records of IndexedDB `DriveAudioCache`/`audios` as this page sees them (blob sizes included). */
export function readCachedAudios(page: Page): Promise<CachedAudioRow[]> {
  return page.evaluate(
    () =>
      new Promise<CachedAudioRow[]>((resolve, reject) => {
        const open = indexedDB.open('DriveAudioCache', 1)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('audios')) {
            db.close()
            resolve([])
            return
          }
          const request = db.transaction('audios').objectStore('audios').getAll()
          request.onerror = () => reject(request.error)
          request.onsuccess = () => {
            db.close()
            resolve(
              (request.result as { id: string; metadata: { size: number }; audioBlob: Blob }[]).map((r) => ({
                id: r.id,
                size: r.metadata.size,
                blobSize: r.audioBlob.size,
              })),
            )
          }
        }
      }),
  )
}

/** Every record of an IndexedDB store as this page sees it; none when the database was never made. */
function readStore<T>(page: Page, database: string, store: string): Promise<T[]> {
  return page.evaluate(
    ({ database, store }) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(database, 1)
        open.onerror = () => reject(open.error)
        open.onupgradeneeded = () => {
          open.transaction?.abort()
          resolve([])
        }
        open.onsuccess = () => {
          const db = open.result
          const request = db.transaction(store).objectStore(store).getAll()
          request.onerror = () => reject(request.error)
          request.onsuccess = () => {
            db.close()
            resolve(request.result as T[])
          }
        }
      }),
    { database, store },
  )
}

/** Ids of the background tracks kept for offline listening (IndexedDB `SintoniaMusicCache`). */
export async function readKeptMusicIds(page: Page): Promise<string[]> {
  return (await readStore<{ id: string }>(page, 'SintoniaMusicCache', 'tracks')).map((track) => track.id)
}

export interface KeptSessionRow {
  audioId: string
  manifest: SessionManifest
  blobSize: number
}

/** The sessions kept with the downloads (IndexedDB `SintoniaSessionCache`/`sessions`). */
export async function readKeptSessions(page: Page): Promise<KeptSessionRow[]> {
  // Blobs do not cross to the test: their sizes are read in the page.
  const rows = await readStore<{ audioId: string; manifest: SessionManifest; size: number }>(page, 'SintoniaSessionCache', 'sessions')
  return rows.map((row) => ({ audioId: row.audioId, manifest: row.manifest, blobSize: row.size }))
}

/** Names of the Cache Storage caches of this origin. */
export function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys())
}

/** Paths of the API answers the service worker keeps for offline starts (cache `sintonia-api-v1`). */
export function keptApiPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('sintonia-api-v1'))) return []
    const cache = await caches.open('sintonia-api-v1')
    return (await cache.keys()).map((request) => new URL(request.url).pathname).sort()
  })
}

/**
 * On the player page: plays, jumps a second before `endsAt` (the first repetition's end: in a
 * session, where its manifest puts it; played by page code, the audio's own length) and waits for
 * the first repetition; pauses, then checks that one repetition waits in the listening queue (no network).
 */
export async function hearOneRepetitionOffline(page: Page, endsAt: number): Promise<void> {
  await page.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible({ timeout: 15_000 })
  const progress = page.getByLabel('Progresso do áudio')
  await expect.poll(async () => Number(await progress.inputValue()), { timeout: 15_000 }).toBeGreaterThan(0)
  await progress.fill(String(Math.max(0, Math.floor(endsAt) - 1)))
  await expect(page.getByTestId('repeat-counter')).toContainText('Repetições: 1', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Pausar', exact: true }).click()
  const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('listening:pending') ?? '[]') as { kind: string }[])
  expect(queued.filter((e) => e.kind === 'repetition')).toHaveLength(1)
}

/** Back online: the queue empties, and after a reload the server counts exactly one repetition today. */
export async function expectRepetitionCountedOnce(page: Page, context: BrowserContext, baseURL: string, audioId: string): Promise<void> {
  await context.setOffline(false)
  await expect.poll(async () => page.evaluate(() => localStorage.getItem('listening:pending')), { timeout: 30_000 }).toBeNull()
  await page.reload()
  await expect(page.getByTestId('stat-today')).toHaveText('1')
  const today = await page.request.get(`${baseURL}/api/listening/today?audioId=${audioId}`)
  expect(((await today.json()) as { repetitionsToday: number }).repetitionsToday).toBe(1)
}
