import { describe, expect, it } from 'vitest'
import { freePort, start, START_TIMEOUT_MS, tempDataDir, waitForExit, waitForOutput } from '../support/server-process.js'

describe('server process', () => {
  it('refuses a bad configuration with exit code 1, naming every bad variable', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir()
    const server = start({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATA_DIR: dataDir })
    const { code } = await waitForExit(server, START_TIMEOUT_MS)
    expect(code).toBe(1)
    expect(server.stderr()).toContain('Configuração inválida')
    expect(server.stderr()).toContain('PORT')
    expect(server.stderr()).toContain('DATABASE_URL')
    expect(server.stdout()).not.toContain('está no ar')
  })

  it('starts, answers, stops cleanly on SIGTERM and keeps its data for the next start', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir()
    const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'info' }

    // First start: empty DATA_DIR, so the demo catalogue is created.
    const firstPort = await freePort()
    const first = start({ ...env, PORT: String(firstPort) })
    await waitForOutput(first, 'está no ar')
    expect(first.stdout()).toContain(`http://localhost:${firstPort}`)
    const health = await fetch(`http://127.0.0.1:${firstPort}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' })
    const firstFields = (await (await fetch(`http://127.0.0.1:${firstPort}/api/public/fields`)).json()) as {
      fields: { id: string }[]
    }
    expect(firstFields.fields).toHaveLength(6)
    expect(first.stdout()).toContain('catálogo de demonstração criado')

    first.child.kill('SIGTERM')
    expect(await waitForExit(first)).toEqual({ code: 0, signal: null })

    // Second start on the same DATA_DIR: the same database, no new catalogue.
    const secondPort = await freePort()
    const second = start({ ...env, PORT: String(secondPort) })
    await waitForOutput(second, 'está no ar')
    const secondFields = (await (await fetch(`http://127.0.0.1:${secondPort}/api/public/fields`)).json()) as {
      fields: { id: string }[]
    }
    expect(secondFields.fields.map((f) => f.id)).toEqual(firstFields.fields.map((f) => f.id))
    second.child.kill('SIGTERM')
    expect(await waitForExit(second)).toEqual({ code: 0, signal: null })
    expect(second.stdout()).not.toContain('catálogo de demonstração criado')
  })
})
