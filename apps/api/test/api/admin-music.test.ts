import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { ADMIN_CONTENT_MSG, API } from '@sintonia/contract'
import { backgroundMusic } from '../../src/db/schema/index.js'
import { SEED_MEDIA_DIR } from '../../src/paths.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'
import { SVG_AS_MP3, filesUnder, multipart, nonAdminStatuses } from '../helpers/multipart.js'

let ctx: TestContext
let cast: Cast
const TRACK = readFileSync(join(SEED_MEDIA_DIR, 'music-horizonte-sereno.mp3'))

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
})
afterAll(() => ctx.close())

const asAdmin = (options: Parameters<typeof callAs>[2]) => callAs(ctx, cast.admin, options)
function uploadTrack(fields: Record<string, string>, data = TRACK) {
  const { payload, headers } = multipart(fields, [{ name: 'file', filename: 'faixa.mp3', contentType: 'audio/mpeg', data }])
  return asAdmin({ method: 'POST', url: API.catalogue.admin.music, payload, headers })
}

describe('admin background music', () => {
  it('every route refuses anonymous (401), listeners and subscribers (403)', async () => {
    const [track] = await ctx.database.db.select().from(backgroundMusic).limit(1)
    const body = multipart({ title: 'X' }, [{ name: 'file', filename: 'a.mp3', contentType: 'audio/mpeg', data: TRACK }])
    const calls = [
      { method: 'GET' as const, url: API.catalogue.admin.music },
      { method: 'POST' as const, url: API.catalogue.admin.music, payload: body.payload, headers: body.headers },
      { method: 'PATCH' as const, url: API.catalogue.admin.musicTrack(track!.id), payload: { isActive: false } },
      { method: 'DELETE' as const, url: API.catalogue.admin.musicTrack(track!.id) },
      { method: 'GET' as const, url: API.catalogue.admin.musicFile(track!.id) },
      { method: 'PUT' as const, url: API.catalogue.admin.musicVolume, payload: { volumePercentage: 50 } },
    ]
    for (const call of calls) expect(await nonAdminStatuses(ctx, cast, call), `${call.method} ${call.url}`).toEqual([401, 403, 403])
  })

  it('lists every track newest first with the volume (default 25 from the seed)', async () => {
    const res = await asAdmin({ method: 'GET', url: API.catalogue.admin.music })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ volumePercentage: 25 })
    expect(res.json().tracks).toHaveLength(2)
  })

  it('uploads a track (type by content, duration read), which listeners then get; announces music_changed', async () => {
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await uploadTrack({ title: 'Mar calmo', tags: JSON.stringify(['mar', 'noite']) })
    expect(res.statusCode).toBe(201)
    const { track } = res.json()
    expect(track).toMatchObject({ title: 'Mar calmo', isActive: true, tags: ['mar', 'noite'], durationSeconds: 30, mimeType: 'audio/mpeg' })
    expect(publish).toHaveBeenCalledWith('music_changed')
    publish.mockRestore()
    const listenerView = await callAs(ctx, cast.subscriber, { method: 'GET', url: API.catalogue.backgroundMusic })
    expect(listenerView.json().tracks.map((t: { id: string }) => t.id)).toContain(track.id)
    const file = await asAdmin({ method: 'GET', url: track.url })
    expect(file.statusCode).toBe(200)
    // The stored file is the canonical conversion (ADR 026), served as stored.
    const [row] = await ctx.database.db.select().from(backgroundMusic).where(eq(backgroundMusic.id, track.id))
    expect(file.rawPayload.equals(readFileSync(ctx.storage.localPath(row!.fileKey)!))).toBe(true)
    expect(track.sizeBytes).toBe(file.rawPayload.length)
  })

  it('refuses a renamed SVG and an empty title, leaving nothing behind', async () => {
    const before = filesUnder(join(ctx.dataDir, 'media'))
    const svg = await uploadTrack({ title: 'Falsa' }, SVG_AS_MP3)
    expect(svg.statusCode).toBe(415)
    expect(svg.json().message).toBe(ADMIN_CONTENT_MSG.audioType)
    const untitled = await uploadTrack({ title: '' })
    expect(untitled.statusCode).toBe(400)
    expect(filesUnder(join(ctx.dataDir, 'media'))).toEqual(before)
    expect(filesUnder(join(ctx.dataDir, 'uploads-tmp'))).toEqual([])
  })

  it('deactivates a track (listeners stop getting it, the admin can still play it) and edits tags', async () => {
    const track = (await uploadTrack({ title: 'Para desativar' })).json().track
    const res = await asAdmin({ method: 'PATCH', url: API.catalogue.admin.musicTrack(track.id), payload: { isActive: false, tags: ['chuva'] } })
    expect(res.statusCode).toBe(200)
    expect(res.json().track).toMatchObject({ isActive: false, tags: ['chuva'] })
    const listenerView = await callAs(ctx, cast.subscriber, { method: 'GET', url: API.catalogue.backgroundMusic })
    expect(listenerView.json().tracks.map((t: { id: string }) => t.id)).not.toContain(track.id)
    expect((await callAs(ctx, cast.subscriber, { method: 'GET', url: API.catalogue.backgroundMusicFile(track.id) })).statusCode).toBe(404)
    expect((await asAdmin({ method: 'GET', url: track.url })).statusCode).toBe(200)
  })

  it('deletes a track and its file', async () => {
    const track = (await uploadTrack({ title: 'Para excluir' })).json().track
    const [row] = await ctx.database.db.select().from(backgroundMusic).where(eq(backgroundMusic.id, track.id))
    const res = await asAdmin({ method: 'DELETE', url: API.catalogue.admin.musicTrack(track.id) })
    expect(res.statusCode).toBe(204)
    expect(await ctx.storage.stat(row!.fileKey)).toBeNull()
    expect((await asAdmin({ method: 'DELETE', url: API.catalogue.admin.musicTrack(track.id) })).statusCode).toBe(404)
  })

  it('saves the global volume (0 to 100) and listeners get it; refuses out of range', async () => {
    const res = await asAdmin({ method: 'PUT', url: API.catalogue.admin.musicVolume, payload: { volumePercentage: 40 } })
    expect(res.statusCode).toBe(200)
    expect((await callAs(ctx, cast.subscriber, { method: 'GET', url: API.catalogue.backgroundMusic })).json().volumePercentage).toBe(40)
    for (const volumePercentage of [-1, 101, 12.5]) {
      const bad = await asAdmin({ method: 'PUT', url: API.catalogue.admin.musicVolume, payload: { volumePercentage } })
      expect(bad.statusCode).toBe(400)
    }
    expect((await asAdmin({ method: 'GET', url: API.catalogue.admin.music })).json().volumePercentage).toBe(40)
  })
})
