import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ADMIN_CONTENT_MSG, API, DEFAULT_LANDING_CONTENT, DEFAULT_LANDING_VERSION, LANDING_EDIT_MSG, VIDEO_UPLOAD_MAX_BYTES, videoTooLargeMessage } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'
import { HTML_AS_MP4, fakeJpeg, fakeMp4, filesUnder, multipart, nonAdminStatuses, type MultipartFile } from '../helpers/multipart.js'

let ctx: TestContext
let cast: Cast
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
})
afterAll(() => ctx.close())

const asAdmin = (options: Parameters<typeof callAs>[2]) => callAs(ctx, cast.admin, options)
const clone = <T>(value: T): T => structuredClone(value) as T
const mediaFiles = () => filesUnder(join(ctx.dataDir, 'media'))
const tmpFiles = () => filesUnder(join(ctx.dataDir, 'uploads-tmp'))

function uploadVideo(files: MultipartFile[], fields: Record<string, string> = { title: 'Apresentação' }) {
  const { payload, headers } = multipart(fields, files)
  return asAdmin({ method: 'POST', url: API.content.admin.videoUpload, payload, headers })
}
const mp4 = (data: Buffer, filename = 'video.mp4'): MultipartFile => ({ name: 'file', filename, contentType: 'video/mp4', data })

describe('admin landing and videos: access', () => {
  it('every route refuses anonymous (401), listeners and subscribers (403)', async () => {
    const body = multipart({ title: 'X' }, [mp4(fakeMp4())])
    const calls = [
      { method: 'GET' as const, url: API.content.admin.landing },
      { method: 'PUT' as const, url: API.content.admin.landing, payload: clone(DEFAULT_LANDING_CONTENT) },
      { method: 'GET' as const, url: API.content.admin.videos },
      { method: 'POST' as const, url: API.content.admin.videos, payload: { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' } },
      { method: 'POST' as const, url: API.content.admin.videoUpload, payload: body.payload, headers: body.headers },
      { method: 'PUT' as const, url: API.content.admin.activeVideo, payload: { videoId: null } },
      { method: 'PATCH' as const, url: API.content.admin.video('x'), payload: { title: 'y' } },
      { method: 'DELETE' as const, url: API.content.admin.video('x') },
    ]
    for (const call of calls) expect(await nonAdminStatuses(ctx, cast, call), `${call.method} ${call.url}`).toEqual([401, 403, 403])
  })
})

describe('admin landing content', () => {
  it('reads the stored content and saves an edited hero, which the public landing then shows', async () => {
    const current = await asAdmin({ method: 'GET', url: API.content.admin.landing })
    expect(current.statusCode).toBe(200)
    const content = clone(current.json().content)
    content.hero.title = 'Transforme sua mente'
    content.whatIsProduct.enabled = false
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const saved = await asAdmin({ method: 'PUT', url: API.content.admin.landing, payload: content })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().updatedAt).not.toBeNull()
    expect(publish).toHaveBeenCalledWith('content_changed')
    publish.mockRestore()
    const landing = (await ctx.app.inject({ method: 'GET', url: API.content.landing })).json()
    expect(landing.content.hero.title).toBe('Transforme sua mente')
    expect(landing.content.whatIsProduct.enabled).toBe(false)
  })

  it('two admins editing at once: the second save over an older version is refused and changes nothing', async () => {
    const loaded = (await asAdmin({ method: 'GET', url: API.content.admin.landing })).json()
    const version = loaded.updatedAt ?? DEFAULT_LANDING_VERSION
    const first = clone(loaded.content)
    first.hero.title = 'Versão da primeira admin'
    const saved = await asAdmin({ method: 'PUT', url: `${API.content.admin.landing}?versao=${encodeURIComponent(version)}`, payload: first })
    expect(saved.statusCode).toBe(200)
    const second = clone(loaded.content)
    second.hero.title = 'Versão do segundo admin'
    const stale = await asAdmin({ method: 'PUT', url: `${API.content.admin.landing}?versao=${encodeURIComponent(version)}`, payload: second })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toBe(LANDING_EDIT_MSG.conflict)
    expect((await ctx.app.inject({ method: 'GET', url: API.content.landing })).json().content.hero.title).toBe('Versão da primeira admin')
    // Over the version it now reads, the second admin saves.
    const again = await asAdmin({ method: 'PUT', url: `${API.content.admin.landing}?versao=${encodeURIComponent(saved.json().updatedAt)}`, payload: second })
    expect(again.statusCode).toBe(200)
  })

  it('refuses content that breaks the validity rule with per-field pt-BR messages, changing nothing', async () => {
    const before = (await asAdmin({ method: 'GET', url: API.content.admin.landing })).json()
    const blankTitle = clone(before.content)
    blankTitle.hero.title = ''
    const res = await asAdmin({ method: 'PUT', url: API.content.admin.landing, payload: blankTitle })
    expect(res.statusCode).toBe(400)
    expect(res.json().issues).toContainEqual({ path: 'hero.title', message: 'Preencha o campo "Título"' })

    const noFeatures = clone(before.content)
    noFeatures.features = 'nada'
    expect((await asAdmin({ method: 'PUT', url: API.content.admin.landing, payload: noFeatures })).statusCode).toBe(400)

    const badIcon = clone(before.content)
    badIcon.features[0].icon = 'Bomb'
    const icon = await asAdmin({ method: 'PUT', url: API.content.admin.landing, payload: badIcon })
    expect(icon.statusCode).toBe(400)
    expect(icon.json().message).toContain('Ícone inválido')

    expect((await asAdmin({ method: 'GET', url: API.content.admin.landing })).json()).toEqual(before)
  })
})

describe('admin landing videos', () => {
  it('adds a YouTube link, sets it active and the public landing carries it', async () => {
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await asAdmin({ method: 'POST', url: API.content.admin.videos, payload: { type: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Boas-vindas' } })
    expect(res.statusCode).toBe(201)
    const video = res.json().videos.at(-1)
    expect(video).toMatchObject({ type: 'youtube', title: 'Boas-vindas', video_controls: { autoplay: false, muted: false, showControls: true } })
    expect(publish).toHaveBeenCalledWith('videos_changed')
    publish.mockRestore()
    const active = await asAdmin({ method: 'PUT', url: API.content.admin.activeVideo, payload: { videoId: video.id } })
    expect(active.json().active_video_id).toBe(video.id)
    expect((await ctx.app.inject({ method: 'GET', url: API.content.landing })).json().videos.active_video_id).toBe(video.id)
  })

  it('refuses a bad YouTube link and an unknown active id with pt-BR messages', async () => {
    const bad = await asAdmin({ method: 'POST', url: API.content.admin.videos, payload: { type: 'youtube', url: 'https://vimeo.com/123' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('Link do YouTube inválido')
    const unknown = await asAdmin({ method: 'PUT', url: API.content.admin.activeVideo, payload: { videoId: 'nao-existe' } })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(ADMIN_CONTENT_MSG.videoNotFound)
  })

  it('accepts an HLS link as an embed and edits the eight controls', async () => {
    const res = await asAdmin({ method: 'POST', url: API.content.admin.videos, payload: { type: 'embed', url: 'https://cdn.exemplo.com/live/master.m3u8' } })
    const video = res.json().videos.at(-1)
    const controls = { allowPause: false, allowVolumeControl: false, allowSeek: false, allowFullscreen: false, allowKeyboardControls: false, showControls: false, autoplay: true, muted: true }
    const edited = await asAdmin({ method: 'PATCH', url: API.content.admin.video(video.id), payload: { video_controls: controls, title: 'Ao vivo' } })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().videos.find((v: { id: string }) => v.id === video.id)).toMatchObject({ title: 'Ao vivo', video_controls: controls })
    const bad = await asAdmin({ method: 'PATCH', url: API.content.admin.video(video.id), payload: { video_controls: { ...controls, muted: 'sim' } } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('"Iniciar sem som" deve ser verdadeiro ou falso')
  })

  it('uploads a video by content with its thumbnail, serves both publicly and deletes them with the video', async () => {
    const data = fakeMp4(8192)
    const res = await uploadVideo([mp4(data, '../../../x.mp4'), { name: 'thumbnail', filename: 'thumb.jpg', contentType: 'image/jpeg', data: fakeJpeg() }])
    expect(res.statusCode).toBe(201)
    const video = res.json().videos.at(-1)
    expect(video.type).toBe('upload')
    expect(video.url).toMatch(/^\/api\/media\/videos\/[0-9a-f-]{36}\.mp4$/)
    expect(video.thumbnail_url).toMatch(/^\/api\/media\/videos\/[0-9a-f-]{36}-thumb\.jpg$/)
    const file = await ctx.app.inject({ method: 'GET', url: video.url, headers: { range: 'bytes=0-15' } })
    expect(file.statusCode).toBe(206)
    expect(file.headers['content-type']).toBe('video/mp4')
    expect(file.rawPayload.equals(data.subarray(0, 16))).toBe(true)
    expect((await ctx.app.inject({ method: 'GET', url: video.thumbnail_url })).headers['content-type']).toBe('image/jpeg')
    expect(tmpFiles()).toEqual([])

    await asAdmin({ method: 'PUT', url: API.content.admin.activeVideo, payload: { videoId: video.id } })
    const deleted = await asAdmin({ method: 'DELETE', url: API.content.admin.video(video.id) })
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json().active_video_id).toBeNull()
    expect(deleted.json().videos.map((v: { id: string }) => v.id)).not.toContain(video.id)
    expect((await ctx.app.inject({ method: 'GET', url: video.url })).statusCode).toBe(404)
    expect(mediaFiles().filter((f) => f.startsWith('videos/'))).toEqual([])
  })

  it("refuses HTML renamed .mp4 with the product's type message and an empty file, storing nothing", async () => {
    const before = mediaFiles()
    const html = await uploadVideo([mp4(HTML_AS_MP4)])
    expect(html.statusCode).toBe(415)
    expect(html.json().message).toBe('Formato de vídeo não suportado. Use MP4, MPEG, MOV, AVI ou WebM.')
    const empty = await uploadVideo([mp4(Buffer.alloc(0))])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe(ADMIN_CONTENT_MSG.emptyFile)
    const badThumb = await uploadVideo([mp4(fakeMp4()), { name: 'thumbnail', filename: 't.jpg', contentType: 'image/jpeg', data: HTML_AS_MP4 }])
    expect(badThumb.statusCode).toBe(415)
    expect(badThumb.json().message).toBe(ADMIN_CONTENT_MSG.thumbnailType)
    expect(mediaFiles()).toEqual(before)
    expect(tmpFiles()).toEqual([])
  })

  it("refuses a video over 50 MB with the product's size message, storing nothing", async () => {
    const before = mediaFiles()
    const size = VIDEO_UPLOAD_MAX_BYTES + 1024 * 1024
    const res = await uploadVideo([mp4(fakeMp4(size))])
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(videoTooLargeMessage(size))
    expect(res.json().message).toBe('Arquivo muito grande. Tamanho máximo: 50MB. Tamanho atual: 51.00MB')
    expect(mediaFiles()).toEqual(before)
    expect(tmpFiles()).toEqual([])
  })

  it('the public file route serves only generated names', async () => {
    for (const name of ['..%2F..%2Fsecrets.json', 'x.mp4', '00000000-0000-4000-8000-000000000000.mp4']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/media/videos/${name}` })).statusCode).toBe(404)
    }
  })
})
