import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { API, LISTENER_MSG, type Playlist } from '@sintonia/contract'
import { audios, playlistAudios, playlists, user } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import type { Account } from '../helpers/auth.js'
import { accessStatuses, callAs, castOf, subscriber, type Cast } from '../helpers/callers.js'

let ctx: TestContext
let cast: Cast
let other: Account
let audioIds: string[]
let audioTitles: Map<string, string>
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  other = await subscriber(ctx)
  const rows = await ctx.database.db.select().from(audios).orderBy(asc(audios.title))
  audioIds = rows.map((row) => row.id)
  audioTitles = new Map(rows.map((row) => [row.id, row.title]))
})
afterAll(() => ctx.close())

const as = (who: Account | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  callAs(ctx, who, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) })

async function create(who: Account, body: Record<string, unknown> = {}): Promise<Playlist> {
  const res = await as(who, 'POST', API.listening.playlists, { id: randomUUID(), name: 'Manhã', ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as Playlist
}

describe('playlists: access', () => {
  it('every playlist route is for subscribers and admins only', async () => {
    const id = randomUUID()
    const mine = await create(cast.subscriber)
    const adminOwn = await create(cast.admin)
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.listening.playlists })).toEqual([401, 403, 200, 200])
    const post = await accessStatuses(ctx, cast, { method: 'POST', url: API.listening.playlists, payload: { id, name: 'X' } })
    expect(post.slice(0, 2)).toEqual([401, 403])
    expect(post[2]).toBe(201)
    for (const [who, list] of [
      [cast.subscriber, mine],
      [cast.admin, adminOwn],
    ] as const) {
      expect((await as(who, 'PATCH', API.listening.playlist(list.id), { name: 'Y' })).statusCode).toBe(200)
      expect((await as(who, 'POST', API.listening.playlistAudios(list.id), { audioId: audioIds[0] })).statusCode).toBe(200)
      expect((await as(who, 'DELETE', API.listening.playlistAudio(list.id, audioIds[0]!))).statusCode).toBe(200)
      expect((await as(who, 'DELETE', API.listening.playlist(list.id))).statusCode).toBe(204)
    }
    for (const who of [null, cast.listener]) {
      const expected = who ? 403 : 401
      expect((await as(who, 'PATCH', API.listening.playlist(id), { name: 'Y' })).statusCode).toBe(expected)
      expect((await as(who, 'POST', API.listening.playlistAudios(id), { audioId: audioIds[0] })).statusCode).toBe(expected)
      expect((await as(who, 'DELETE', API.listening.playlistAudio(id, audioIds[0]!))).statusCode).toBe(expected)
      expect((await as(who, 'DELETE', API.listening.playlist(id))).statusCode).toBe(expected)
    }
  })
})

describe('playlists: create and list', () => {
  it('creates with trimmed name, description and ordered audios carrying their field', async () => {
    const ids = [audioIds[2]!, audioIds[0]!, audioIds[1]!]
    const created = await create(cast.subscriber, { name: '  Noite  ', description: ' Para dormir ', audioIds: ids })
    expect(created).toMatchObject({ name: 'Noite', description: 'Para dormir' })
    expect(created.audios.map((audio) => audio.id)).toEqual(ids)
    expect(created.audios[0]).toMatchObject({
      title: audioTitles.get(ids[0]!),
      description: expect.any(String),
      duration: expect.stringMatching(/^\d+:\d\d$/),
      fieldId: expect.any(String),
      fieldTitle: expect.any(String),
    })
    const list = (await as(cast.subscriber, 'GET', API.listening.playlists)).json().playlists as Playlist[]
    expect(list.find((playlist) => playlist.id === created.id)).toEqual(created)
  })

  it('is idempotent by id for the same owner, and 409 for an id of another listener', async () => {
    const id = randomUUID()
    const first = await as(cast.subscriber, 'POST', API.listening.playlists, { id, name: 'Uma vez' })
    expect(first.statusCode).toBe(201)
    const again = await as(cast.subscriber, 'POST', API.listening.playlists, { id, name: 'Outro nome' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    const foreign = await as(other, 'POST', API.listening.playlists, { id, name: 'Roubo' })
    expect(foreign.statusCode).toBe(409)
    expect((await ctx.database.db.select().from(playlists).where(eq(playlists.id, id)))[0]).toMatchObject({ name: 'Uma vez' })
  })

  it('validates the name and description with the contract texts', async () => {
    for (const name of ['', '    ']) {
      const res = await as(cast.subscriber, 'POST', API.listening.playlists, { id: randomUUID(), name })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain(LISTENER_MSG.playlistNameRequired)
    }
    const missing = await as(cast.subscriber, 'POST', API.listening.playlists, { id: randomUUID() })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toContain(LISTENER_MSG.playlistNameRequired)
    expect((await as(cast.subscriber, 'POST', API.listening.playlists, { id: randomUUID(), name: 'x'.repeat(51) })).statusCode).toBe(400)
    expect((await as(cast.subscriber, 'POST', API.listening.playlists, { id: randomUUID(), name: 'x'.repeat(50) })).statusCode).toBe(201)
    const longDescription = await as(cast.subscriber, 'POST', API.listening.playlists, { id: randomUUID(), name: 'Ok', description: 'd'.repeat(201) })
    expect(longDescription.statusCode).toBe(400)
    const unknownAudio = await as(cast.subscriber, 'POST', API.listening.playlists, { id: randomUUID(), name: 'Ok', audioIds: [randomUUID()] })
    expect(unknownAudio.statusCode).toBe(404)
    expect(unknownAudio.json().message).toBe(LISTENER_MSG.audioNotFound)
  })

  it("never shows another listener's playlists, and answers 404 'Playlist não encontrada' for them", async () => {
    const theirs = await create(other, { name: 'Deles' })
    const mine = (await as(cast.subscriber, 'GET', API.listening.playlists)).json().playlists as Playlist[]
    expect(mine.map((playlist) => playlist.id)).not.toContain(theirs.id)
    for (const res of [
      await as(cast.subscriber, 'PATCH', API.listening.playlist(theirs.id), { name: 'Meu' }),
      await as(cast.subscriber, 'DELETE', API.listening.playlist(theirs.id)),
      await as(cast.subscriber, 'POST', API.listening.playlistAudios(theirs.id), { audioId: audioIds[0] }),
      await as(cast.subscriber, 'DELETE', API.listening.playlistAudio(theirs.id, audioIds[0]!)),
      await as(cast.subscriber, 'PATCH', API.listening.playlist(randomUUID()), { name: 'Nada' }),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(LISTENER_MSG.playlistNotFound)
    }
    expect((await ctx.database.db.select().from(playlists).where(eq(playlists.id, theirs.id)))[0]).toMatchObject({ name: 'Deles' })
  })
})

describe('playlists: changes', () => {
  it('PATCH replaces name, description and the ordered audio list together', async () => {
    const playlist = await create(cast.subscriber, { audioIds: [audioIds[0], audioIds[1]] })
    const res = await as(cast.subscriber, 'PATCH', API.listening.playlist(playlist.id), {
      name: ' Renomeada ',
      description: 'Nova',
      audioIds: [audioIds[3], audioIds[1], audioIds[3]],
    })
    expect(res.statusCode).toBe(200)
    const updated = res.json() as Playlist
    expect(updated).toMatchObject({ name: 'Renomeada', description: 'Nova', createdAt: playlist.createdAt })
    expect(updated.audios.map((audio) => audio.id)).toEqual([audioIds[3], audioIds[1]])
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(playlist.updatedAt))
    const nameOnly = (await as(cast.subscriber, 'PATCH', API.listening.playlist(playlist.id), { name: 'Só nome' })).json() as Playlist
    expect(nameOnly.audios.map((audio) => audio.id)).toEqual([audioIds[3], audioIds[1]])
  })

  it('PATCH with an unknown audio changes nothing', async () => {
    const playlist = await create(cast.subscriber, { name: 'Intacta', audioIds: [audioIds[0]] })
    const res = await as(cast.subscriber, 'PATCH', API.listening.playlist(playlist.id), { name: 'Mudou', audioIds: [audioIds[1], randomUUID()] })
    expect(res.statusCode).toBe(404)
    const [row] = (await as(cast.subscriber, 'GET', API.listening.playlists)).json().playlists.filter((p: Playlist) => p.id === playlist.id)
    expect(row).toMatchObject({ name: 'Intacta', audios: [expect.objectContaining({ id: audioIds[0] })] })
    const empty = await as(cast.subscriber, 'PATCH', API.listening.playlist(playlist.id), { name: '  ' })
    expect(empty.statusCode).toBe(400)
  })

  it("adds audios at the end, refuses a duplicate with 409 'Áudio já está na playlist', and removes", async () => {
    const playlist = await create(cast.subscriber)
    const add = (audioId: string) => as(cast.subscriber, 'POST', API.listening.playlistAudios(playlist.id), { audioId })
    expect((await add(audioIds[4]!)).statusCode).toBe(200)
    const second = await add(audioIds[2]!)
    expect((second.json() as Playlist).audios.map((audio) => audio.id)).toEqual([audioIds[4], audioIds[2]])
    const duplicate = await add(audioIds[4]!)
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().message).toBe(LISTENER_MSG.playlistDuplicateAudio)
    const unknown = await add(randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(LISTENER_MSG.audioNotFound)
    const removed = await as(cast.subscriber, 'DELETE', API.listening.playlistAudio(playlist.id, audioIds[4]!))
    expect((removed.json() as Playlist).audios.map((audio) => audio.id)).toEqual([audioIds[2]])
    expect((await add(audioIds[4]!)).json().audios.map((audio: { id: string }) => audio.id)).toEqual([audioIds[2], audioIds[4]])
  })

  it('DELETE removes the playlist and its entries; deleting an audio or the account cascades', async () => {
    const { db } = ctx.database
    const playlist = await create(cast.subscriber, { audioIds: [audioIds[0]] })
    expect((await as(cast.subscriber, 'DELETE', API.listening.playlist(playlist.id))).statusCode).toBe(204)
    expect(await db.select().from(playlistAudios).where(eq(playlistAudios.playlistId, playlist.id))).toEqual([])
    expect((await as(cast.subscriber, 'DELETE', API.listening.playlist(playlist.id))).statusCode).toBe(404)

    const leaving = await subscriber(ctx)
    const [extra] = await db
      .insert(audios)
      .values({ title: 'Temporário', fieldId: (await db.select().from(audios).limit(1))[0]!.fieldId, fileKey: 'x/t.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 })
      .returning()
    const kept = await create(leaving, { audioIds: [extra!.id, audioIds[0]] })
    await db.delete(audios).where(eq(audios.id, extra!.id))
    const [after] = (await as(leaving, 'GET', API.listening.playlists)).json().playlists as Playlist[]
    expect(after!.audios.map((audio) => audio.id)).toEqual([audioIds[0]])
    await db.delete(user).where(eq(user.id, leaving.userId))
    expect(await db.select().from(playlists).where(eq(playlists.id, kept.id))).toEqual([])
  })
})
