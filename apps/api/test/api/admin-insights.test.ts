import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  API,
  advancedAnalyticsSchema,
  analyticsSummarySchema,
  financialSchema,
  listeningStatsSchema,
  validationReportSchema,
  type LandingVideo,
} from '@sintonia/contract'
import { analyticsEvents, audios, checkouts, fields, landingContent, leads, listeningEvents, payments, plans, subscriptions } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, seedSubscription, type Account } from '../helpers/auth.js'
import { callAs } from '../helpers/callers.js'
import { HTML_AS_MP4, fakeJpeg, fakeMp4, multipart, type MultipartFile } from '../helpers/multipart.js'
import { API_ROOT } from '../../src/paths.js'
import { storedVideoKey } from '../../src/modules/content/landing-admin-service.js'

const DAY = 86_400_000
let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  boss = await admin(ctx)
})
afterAll(() => ctx.close())

async function get(url: string) {
  const res = await callAs(ctx, boss, { url })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('no-store')
  return res.json()
}

describe('admin insights: access', () => {
  it.each([API.insights.admin.analytics, API.insights.admin.analyticsAdvanced, API.insights.admin.listeningStats, API.insights.admin.financial, API.insights.admin.validation])(
    'GET %s: anonymous 401, listener 403',
    async (url) => {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401)
      expect((await callAs(ctx, await listener(ctx), { url })).statusCode).toBe(403)
    },
  )
})

describe('admin analytics', () => {
  beforeAll(async () => {
    const now = Date.now()
    const ev = (eventType: string, visitorId: string, ageMs: number, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) => ({
      eventType,
      visitorId,
      createdAt: new Date(now - ageMs),
      ...extra,
    })
    await ctx.database.db.insert(analyticsEvents).values([
      ev('page_view', 'sessao-a1', 1000, { eventData: { path: '/' } }),
      ev('page_view', 'sessao-a1', 2000, { eventData: { path: '/' } }),
      ev('page_view', 'sessao-b2', 3000, { eventData: { path: '/demo' } }),
      ev('lead_submitted', 'sessao-b2', 4000),
      ev('page_view', 'sessao-c3', 3 * DAY, { eventData: { path: '/' } }),
      ev('audio_play', 'sessao-d4', 2 * DAY, { userId: 'usuario-1' }),
      ev('audio_play', 'sessao-d5', 2 * DAY, { userId: 'usuario-1' }),
    ])
  })

  it('totals, unique users (signed-in once, visitor ids otherwise), top types and active users in 24 h', async () => {
    const body = analyticsSummarySchema.parse(await get(API.insights.admin.analytics))
    expect(body.totalEvents).toBe(7)
    expect(body.uniqueUsers).toBe(4) // a1, b2, c3 and usuario-1 (two visitor ids)
    expect(body.topEventTypes).toEqual([
      { eventType: 'page_view', count: 4 },
      { eventType: 'audio_play', count: 2 },
      { eventType: 'lead_submitted', count: 1 },
    ])
    expect(body.dailyActiveUsers).toBe(2)
    expect(body.from).toBeNull()
  })

  it('applies created_at bounds (the 24 h figure ignores them)', async () => {
    const from = new Date(Date.now() - DAY).toISOString()
    const body = analyticsSummarySchema.parse(await get(`${API.insights.admin.analytics}?from=${encodeURIComponent(from)}`))
    expect(body.totalEvents).toBe(4)
    expect(body.from).toBe(from)
    const old = analyticsSummarySchema.parse(await get(`${API.insights.admin.analytics}?to=${encodeURIComponent(from)}`))
    expect(old.totalEvents).toBe(3)
    expect(old.dailyActiveUsers).toBe(2)
  })

  it('advanced: funnel from landing visitors, leads, checkouts and paid checkouts, and the most played audios', async () => {
    const buyer = await listener(ctx)
    await ctx.database.db.insert(leads).values({ name: 'Lia', email: 'lia@exemplo.com', consentAt: new Date(), consentText: 'ok' })
    await ctx.database.db.insert(checkouts).values([
      { id: 'cs_sbx_funil_1', provider: 'sandbox', flow: 'pay_first', planCode: 'anual', amountCents: 47_880 },
      { id: 'cs_sbx_funil_2', provider: 'sandbox', flow: 'auth_first', planCode: 'anual', amountCents: 47_880, paymentStatus: 'paid', status: 'complete', userId: buyer.userId },
      // The same buyer trying twice more is still one person who started a checkout.
      { id: 'cs_sbx_funil_3', provider: 'sandbox', flow: 'auth_first', planCode: 'anual', amountCents: 47_880, userId: buyer.userId },
      { id: 'cs_sbx_funil_4', provider: 'sandbox', flow: 'pay_first', planCode: 'anual', amountCents: 47_880, email: 'Rui@Exemplo.com' },
      { id: 'cs_sbx_funil_5', provider: 'sandbox', flow: 'pay_first', planCode: 'anual', amountCents: 47_880, email: 'rui@exemplo.com' },
    ])
    const [first, second] = await ctx.database.db.select().from(audios).orderBy(audios.title).limit(2)
    const play = (audioId: string) => ({ id: randomUUID(), userId: buyer.userId, audioId, kind: 'play' as const, occurredAt: new Date() })
    await ctx.database.db.insert(listeningEvents).values([play(second!.id), play(second!.id), play(first!.id)])

    const body = advancedAnalyticsSchema.parse(await get(API.insights.admin.analyticsAdvanced))
    // People, not rows: three buyers started a checkout (one of them three times, one by two
    // spellings of the same e-mail). More than the two visits, so the share stops at 100 %.
    expect(body.funnel).toEqual([
      { step: 'landing_view', count: 2, shareOfFirst: null },
      { step: 'lead', count: 1, shareOfFirst: 0.5 },
      { step: 'checkout_started', count: 3, shareOfFirst: 1 },
      { step: 'paid', count: 1, shareOfFirst: 0.5 },
    ])
    expect(body.topAudios.map((a) => [a.audioId, a.plays])).toEqual([
      [second!.id, 2],
      [first!.id, 1],
    ])
    expect(body.topAudios[0]!.fieldTitle).toBeTruthy()
  })
})

describe('admin listening stats', () => {
  it('plays and repetitions per day (São Paulo), per field and per audio, within the range', async () => {
    const person = await listener(ctx)
    const [audio] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, true))
    const [field] = await ctx.database.db.select().from(fields).where(eq(fields.id, audio!.fieldId))
    const at = (iso: string, kind: 'play' | 'repetition') => ({ id: randomUUID(), userId: person.userId, audioId: audio!.id, kind, occurredAt: new Date(iso) })
    await ctx.database.db.insert(listeningEvents).values([
      at('2026-03-10T02:00:00Z', 'play'), // 23:00 on the 9th in São Paulo
      at('2026-03-10T12:00:00Z', 'play'),
      at('2026-03-10T12:05:00Z', 'repetition'),
      at('2026-03-10T12:10:00Z', 'repetition'),
    ])
    const body = listeningStatsSchema.parse(await get(`${API.insights.admin.listeningStats}?from=2026-03-01&to=2026-03-31`))
    expect(body.totals).toEqual({ plays: 2, repetitions: 2, listeners: 1 })
    expect(body.perDay).toEqual([
      { day: '2026-03-09', plays: 1, repetitions: 0 },
      { day: '2026-03-10', plays: 1, repetitions: 2 },
    ])
    expect(body.perField).toEqual([{ fieldId: field!.id, title: field!.title, plays: 2, repetitions: 2 }])
    expect(body.perAudio).toEqual([{ audioId: audio!.id, title: audio!.title, fieldTitle: field!.title, plays: 2, repetitions: 2 }])
    // Without a range: the last 30 days only.
    const recent = listeningStatsSchema.parse(await get(API.insights.admin.listeningStats))
    expect(recent.perDay.every((d) => d.day > '2026-03-31' || Date.parse(d.day) > Date.now() - 31 * DAY)).toBe(true)
  })
})

describe('admin financial', () => {
  it('revenue and refunds by month, MRR, active by plan, new and cancelled per month from recorded payments', async () => {
    const [alice, bruno, carla] = [await listener(ctx), await listener(ctx), await listener(ctx)]
    const anual = await seedSubscription(ctx, alice.userId, { planCode: 'anual' })
    const semestral = await seedSubscription(ctx, bruno.userId, { planCode: 'semestral' })
    await seedSubscription(ctx, carla.userId, { planCode: 'trimestral', status: 'canceled', currentPeriodEnd: new Date(Date.now() - DAY) })
    // Complimentary access is not revenue and not in MRR.
    await ctx.database.db.insert(subscriptions).values({ userId: carla.userId, email: carla.email, planCode: 'anual', status: 'active', provider: 'complimentary', providerSubscriptionId: `complimentary:${carla.userId}`, currentPeriodEnd: new Date(Date.now() + 9 * DAY) })
    const now = new Date()
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15))
    const pay = (over: Partial<typeof payments.$inferInsert>) => ({
      provider: 'sandbox',
      providerPaymentId: `ch_${randomUUID()}`,
      email: 'x@exemplo.com',
      planCode: 'anual',
      method: 'card' as const,
      amountCents: 1000,
      paidAt: now,
      ...over,
    })
    await ctx.database.db.insert(payments).values([
      pay({ subscriptionId: anual.id, amountCents: 48_000, paidAt: lastMonth }),
      pay({ subscriptionId: semestral.id, planCode: 'semestral', amountCents: 27_000 }),
      pay({ planCode: 'trimestral', amountCents: 15_000, status: 'refunded', refundedAmountCents: 15_000, refundedAt: now }),
    ])

    const body = financialSchema.parse(await get(`${API.insights.admin.financial}?months=3`))
    expect(body.months).toHaveLength(3)
    const thisKey = now.toISOString().slice(0, 7)
    const lastKey = lastMonth.toISOString().slice(0, 7)
    const current = body.months.find((m) => m.month === thisKey)!
    const previous = body.months.find((m) => m.month === lastKey)!
    expect(current).toMatchObject({ revenueCents: 42_000, refundsCents: 15_000, payments: 2, newSubscriptions: 3, cancelledSubscriptions: 1 })
    expect(previous).toMatchObject({ revenueCents: 48_000, refundsCents: 0, payments: 1 })
    // 48 000 / 12 + 27 000 / 6 = 4 000 + 4 500
    expect(body.mrrCents).toBe(8_500)
    expect(body.activeSubscriptions).toBe(2)
    expect(body.activeByPlan.map((p) => [p.planCode, p.count]).sort()).toEqual([
      ['anual', 1],
      ['semestral', 1],
    ])
    expect(body.refunds).toEqual({ count: 1, totalCents: 15_000 })
    expect(body.totals).toEqual({ revenueCents: 90_000, refundsCents: 15_000, netCents: 75_000 })

    expect((await callAs(ctx, boss, { url: `${API.insights.admin.financial}?months=0` })).statusCode).toBe(400)
  })
})

describe('admin validation', () => {
  it('the seeded catalogue is healthy', async () => {
    const body = validationReportSchema.parse(await get(API.insights.admin.validation))
    expect(body.problems).toEqual([])
    expect(body.checked).toMatchObject({ fields: 6, audios: 18, music: 2, videos: 0, plans: 3 })
  })

  it('reads every audio: bytes that do not decode and a recorded duration far from the file are reported', async () => {
    const [broken, drifted] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, false)).orderBy(audios.title).limit(2)
    await ctx.storage.put(broken!.fileKey, Buffer.alloc(broken!.sizeBytes, 7))
    await ctx.database.db.update(audios).set({ durationSeconds: 999 }).where(eq(audios.id, drifted!.id))
    const body = validationReportSchema.parse(await get(API.insights.admin.validation))
    expect(body.problems.map((p) => p.kind).sort()).toEqual(['audio_duration_mismatch', 'audio_undecodable'])
    expect(body.problems.find((p) => p.kind === 'audio_undecodable')!.message).toContain(broken!.title)
    expect(body.problems.find((p) => p.kind === 'audio_duration_mismatch')!.message).toMatch(new RegExp(`${drifted!.title}.*999 s no cadastro`))
  })

  it('reports an empty field, a missing file, invalid landing content, no active plan and no demo, each with its fix page', async () => {
    await ctx.database.db.insert(fields).values({ title: 'Campo Vazio' })
    const [demo] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, true))
    await ctx.storage.delete(demo!.fileKey)
    await ctx.database.db.update(landingContent).set({ content: { hero: 'quebrado' } }).where(eq(landingContent.section, 'landing_page'))
    await ctx.database.db.update(plans).set({ isActive: false })

    const body = validationReportSchema.parse(await get(API.insights.admin.validation))
    const byKind = Object.fromEntries(body.problems.map((p) => [p.kind, p]))
    expect(byKind.field_without_audios).toMatchObject({ fixPath: '/admin/audios', message: expect.stringContaining('Campo Vazio') })
    expect(byKind.audio_file_missing).toMatchObject({ severity: 'error', fixPath: '/admin/audios', message: expect.stringContaining(demo!.title) })
    expect(byKind.landing_invalid).toMatchObject({ fixPath: '/admin/landing' })
    expect(byKind.no_active_plans).toMatchObject({ fixPath: '/admin/subscription-plans' })
    expect(byKind.demo_missing).toMatchObject({ severity: 'warning', fixPath: '/admin/audios' })
  })
})

describe('admin validation: landing videos', () => {
  /** A real 3 s WebM (the journeys' fixture): decodes on the server. */
  const CLIP = readFileSync(join(API_ROOT, '..', '..', 'e2e', 'fixtures', 'clip.webm'))
  /** RIFF/AVI header and filler: a video by its first bytes, never decoded. */
  const FAKE_AVI = Buffer.concat([Buffer.from('RIFF\x00\x10\x00\x00AVI LIST', 'latin1'), Buffer.alloc(4080, 3)])
  const thumbnail: MultipartFile = { name: 'thumbnail', filename: 'thumb.jpg', contentType: 'image/jpeg', data: fakeJpeg() }
  const videoFile = (data: Buffer, filename: string): MultipartFile => ({ name: 'file', filename, contentType: 'application/octet-stream', data })

  async function upload(title: string, data: Buffer, filename: string, withThumbnail = false): Promise<LandingVideo> {
    const { payload, headers } = multipart({ title }, [videoFile(data, filename), ...(withThumbnail ? [thumbnail] : [])])
    const res = await callAs(ctx, boss, { method: 'POST', url: API.content.admin.videoUpload, payload, headers })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().videos.at(-1)
  }
  const keyOf = (url: string | undefined) => {
    const key = storedVideoKey(url)
    expect(key).not.toBeNull()
    return key!
  }
  async function videoProblems() {
    const body = validationReportSchema.parse(await get(API.insights.admin.validation))
    return { body, problems: body.problems.filter((p) => p.kind.startsWith('video_')) }
  }

  it('healthy uploads (WebM decoded, AVI by its first bytes, thumbnail present) and external links give no problem', async () => {
    const webm = await upload('Boas-vindas', CLIP, 'clip.webm', true)
    expect(webm.url).toMatch(/\.webm$/)
    expect(webm.thumbnail_url).toBeTruthy()
    const avi = await upload('Bastidores', FAKE_AVI, 'bastidores.avi')
    expect(avi.url).toMatch(/\.avi$/)
    // External videos: nothing stored here to check.
    const link = await callAs(ctx, boss, { method: 'POST', url: API.content.admin.videos, payload: { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'No YouTube' } })
    expect(link.statusCode).toBe(201)
    const embed = await callAs(ctx, boss, { method: 'POST', url: API.content.admin.videos, payload: { type: 'embed', url: 'https://player.parceiro.com/v/123', title: 'Parceiro' } })
    expect(embed.statusCode).toBe(201)
    expect((await callAs(ctx, boss, { method: 'PUT', url: API.content.admin.activeVideo, payload: { videoId: webm.id } })).statusCode).toBe(200)

    const { body, problems } = await videoProblems()
    expect(problems).toEqual([])
    expect(body.checked.videos).toBe(4)
  })

  it('reports a missing file, bytes of another type, a file that does not decode and a missing thumbnail, by title', async () => {
    const missing = await upload('', CLIP, 'sumiu.webm')
    await ctx.storage.delete(keyOf(missing.url))
    await upload('Só o cabeçalho', fakeMp4(8192), 'cabecalho.mp4')
    const swapped = await upload('Trocado', CLIP, 'trocado.webm')
    await ctx.storage.put(keyOf(swapped.url), fakeMp4(8192))
    const html = await upload('Página no lugar', fakeMp4(), 'pagina.mp4')
    await ctx.storage.put(keyOf(html.url), HTML_AS_MP4)
    const noThumb = await upload('Sem miniatura', CLIP, 'miniatura.webm', true)
    await ctx.storage.delete(keyOf(noThumb.thumbnail_url))

    const { body, problems } = await videoProblems()
    expect(body.checked.videos).toBe(9)
    expect(problems.map((p) => p.kind).sort()).toEqual(['video_file_missing', 'video_thumbnail_missing', 'video_type_mismatch', 'video_type_mismatch', 'video_undecodable'])
    for (const problem of problems) expect(problem).toMatchObject({ fixPath: '/admin/landing-videos', fixLabel: 'Abrir vídeos' })
    const byKind = (kind: string) => problems.filter((p) => p.kind === kind)
    expect(byKind('video_file_missing')).toEqual([
      expect.objectContaining({ severity: 'error', message: 'O arquivo do vídeo "sem título" não foi encontrado no armazenamento.' }),
    ])
    expect(byKind('video_undecodable')).toEqual([
      expect.objectContaining({ severity: 'error', message: 'O arquivo do vídeo "Só o cabeçalho" não pôde ser lido como vídeo.' }),
    ])
    expect(byKind('video_type_mismatch').map((p) => [p.severity, p.message])).toEqual([
      ['error', 'O arquivo do vídeo "Trocado" é MP4, mas o cadastro diz WEBM.'],
      ['error', 'O arquivo do vídeo "Página no lugar" não é um vídeo, mas o cadastro diz MP4.'],
    ])
    expect(byKind('video_thumbnail_missing')).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('A miniatura do vídeo "Sem miniatura" não foi encontrada') }),
    ])
  })
})
