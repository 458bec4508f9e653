/**
 * nginx checks the API's signed media addresses itself (ADR 021): the deployment's own template
 * (deploy/nginx/sintonia.conf.template) run by a real nginx, the addresses signed by the API's
 * code. Needs nginx on the PATH (CI installs it); skipped with a notice only outside CI.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signMediaUrl } from '../../src/lib/media/signed-media-url.js'
import { startNginx, type RunningNginx } from '../support/nginx.js'

function hasNginx(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const available = hasNginx()
if (!available) {
  const notice = 'AVISO: nginx ausente: o teste do secure_link (nginx-signed-files) foi PULADO.'
  if (process.env.CI === 'true') throw new Error(`${notice} Em CI ele é obrigatório.`)
  console.warn(notice)
}

const secret = randomBytes(30).toString('base64url')
const mediaRoot = mkdtempSync(join(tmpdir(), 'sintonia-nginx-media-'))
const key = 'audios/0b7c52a4-6a39-4f0e-9a0e-5a3c2d1e0f99.mp3'
const other = 'audios/1c8d63b5-7b4a-4f1f-8b1f-6b4d3e2f1a00.mp3'
const bytes = randomBytes(64 * 1024)
let nginx: RunningNginx
const nowS = () => Math.floor(Date.now() / 1000)

beforeAll(async () => {
  mkdirSync(join(mediaRoot, 'audios'), { recursive: true })
  writeFileSync(join(mediaRoot, key), bytes)
  writeFileSync(join(mediaRoot, other), randomBytes(1024))
  if (available) nginx = await startNginx({ upstreams: ['127.0.0.1:9'], mediaRoot, mediaUrlSecret: secret })
})
afterAll(async () => {
  await nginx?.stop()
  rmSync(mediaRoot, { recursive: true, force: true })
})

describe.runIf(available)("nginx's secure_link on the API's signed addresses", () => {
  it('sends the file of a genuine address, whole and by range, typed by its extension', async () => {
    const url = nginx.url + signMediaUrl(key, { secret, expires: nowS() + 600 })
    const whole = await fetch(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('audio/mpeg')
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true)
    expect(part.headers.get('cache-control')).toMatch(/^private/)
  })

  it('refuses an altered address (403) and a genuine one past its expiry (410)', async () => {
    const genuine = new URL(nginx.url + signMediaUrl(key, { secret, expires: nowS() + 600 }))
    const md5 = genuine.searchParams.get('md5')!
    const expires = Number(genuine.searchParams.get('expires'))
    expect((await fetch(`${nginx.url}/api/files/${other}?expires=${expires}&md5=${md5}`)).status).toBe(403)
    expect((await fetch(`${nginx.url}${genuine.pathname}?expires=${expires + 300}&md5=${md5}`)).status).toBe(403)
    expect((await fetch(`${nginx.url}${genuine.pathname}?expires=${expires}`)).status).toBe(403)
    expect((await fetch(nginx.url + signMediaUrl(key, { secret: randomBytes(30).toString('base64url'), expires }))).status).toBe(403)
    expect((await fetch(nginx.url + signMediaUrl(key, { secret, expires: nowS() - 1 }))).status).toBe(410)
  })
})
