import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { freePort, start, START_TIMEOUT_MS, tempDataDir, waitForExit, waitForOutput } from '../support/server-process.js'
import { startS3Server, type TestS3Server } from '../support/s3-server.js'

let s3: TestS3Server
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(() => s3?.stop())

/** The SDK's notice that its 2027 releases need Node 22 says nothing about these tests. */
const QUIET = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }

describe('server process with STORAGE_DRIVER=s3', () => {
  it('seeds the demo catalogue into the bucket, serves its audio from there and writes nothing to DATA_DIR/media', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir()
    const port = await freePort()
    const server = start({ ...s3.env, ...QUIET, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'info' })
    await waitForOutput(server, 'está no ar')
    expect(server.stdout()).toContain('catálogo de demonstração criado')
    const keys = s3.keys()
    expect(keys.filter((key) => key.startsWith('audios/'))).toHaveLength(18)
    expect(keys.filter((key) => key.startsWith('music/'))).toHaveLength(2)
    expect(existsSync(join(dataDir, 'media')) ? readdirSync(join(dataDir, 'media')) : []).toEqual([])

    const demo = (await (await fetch(`http://127.0.0.1:${port}/api/demo`)).json()) as { audio: { id: string; sizeBytes?: number } | null }
    expect(demo.audio).not.toBeNull()
    // The stream answers with the bytes, or sends the player to a URL that does (fetch follows it).
    const file = await fetch(`http://127.0.0.1:${port}/api/audios/${demo.audio!.id}/file`, { headers: { range: 'bytes=0-9' } })
    expect(file.status).toBe(206)
    expect((await file.arrayBuffer()).byteLength).toBe(10)

    server.child.kill('SIGTERM')
    expect(await waitForExit(server)).toEqual({ code: 0, signal: null })
  })

  it('refuses to start when the bucket does not exist, saying so in pt-BR (exit 1)', { timeout: 120_000 }, async () => {
    const server = start({ ...s3.env, ...QUIET, S3_BUCKET: 'bucket-inexistente', HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: tempDataDir(), NODE_ENV: 'test' })
    const { code } = await waitForExit(server, START_TIMEOUT_MS)
    expect(code).toBe(1)
    expect(server.stderr()).toContain(
      `Armazenamento de mídia indisponível (STORAGE_DRIVER=s3): O bucket 'bucket-inexistente' em ${s3.endpoint} não existe; crie-o antes de usar STORAGE_DRIVER=s3.`,
    )
    expect(server.stdout()).not.toContain('está no ar')
  })
})
