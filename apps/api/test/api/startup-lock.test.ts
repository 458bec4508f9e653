/**
 * Several instances started together on one PostgreSQL (docs/deploy.md) migrate and seed one
 * after the other: start-up work runs under one advisory lock. Needs a PostgreSQL server, found as
 * realtime-instances.test.ts finds it (TEST_DATABASE_URL, else the local default; skipped with a
 * notice only outside CI when none answers).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js'
import { fields } from '../../src/db/schema/index.js'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'
import { seedIfEmpty } from '../../src/seed/index.js'
import { databaseUrlFor, postgresAnswers } from '../helpers/postgres-url.js'

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
const explicitUrl = process.env.TEST_DATABASE_URL
const serverUrl = explicitUrl ?? DEFAULT_URL
const available = explicitUrl !== undefined || (await postgresAnswers(serverUrl))
if (!available) {
  const notice = `AVISO: nenhum PostgreSQL em ${DEFAULT_URL}: o teste de início simultâneo (startup-lock) foi PULADO.`
  if (process.env.CI === 'true') throw new Error(`${notice} Em CI ele é obrigatório.`)
  console.warn(notice)
}

const databaseName = `sintonia_lock_${process.pid}_${randomBytes(3).toString('hex')}`
const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-lock-'))
const handles: DatabaseHandle[] = []

async function onServer(query: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  if (!available) return
  await onServer(`create database ${databaseName}`)
  for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, databaseName) }))
})
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()))
  if (available) await onServer(`drop database if exists ${databaseName} with (force)`)
  rmSync(dataDir, { recursive: true, force: true })
})

describe.runIf(available)('start-up work of several instances on one PostgreSQL', () => {
  it('never overlaps: each holds the lock until its work ends', async () => {
    const events: string[] = []
    const releases: Array<() => void> = []
    const runs = handles.map((handle, i) =>
      handle.exclusively(async () => {
        events.push(`in ${i}`)
        await new Promise<void>((release) => releases.push(release))
        events.push(`out ${i}`)
        return i
      }),
    )
    // Only one gets in; the next enters only after the one inside is released.
    for (let step = 0; step < handles.length; step++) {
      await expect.poll(() => releases.length).toBe(step + 1)
      expect(events.filter((event) => event.startsWith('in'))).toHaveLength(step + 1)
      releases[step]!()
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
    for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).toBe(events[i]!.replace('in', 'out'))
  })

  it('migrates and seeds a new database once when started together', async () => {
    const storage = new LocalDiskStorage(join(dataDir, 'media'))
    const seeded = await Promise.all(
      handles.map((handle) =>
        handle.exclusively(async () => {
          await handle.migrate()
          return seedIfEmpty(handle.db, storage)
        }),
      ),
    )
    expect(seeded.filter(Boolean)).toHaveLength(1)
    const [row] = await handles[0]!.db.select({ n: count() }).from(fields)
    expect(row!.n).toBeGreaterThan(0)
  })

  it('lets go of the lock when the work fails', async () => {
    await expect(handles[0]!.exclusively(async () => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou')
    expect(await handles[1]!.exclusively(async () => 'depois')).toBe('depois')
  })
})
