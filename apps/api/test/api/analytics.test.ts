import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, count, eq } from 'drizzle-orm'
import { ANALYTICS_EVENT_TYPES, ANALYTICS_LIMITS, API, MSG } from '@sintonia/contract'
import { analyticsEvents } from '../../src/db/schema/index.js'
import { RATE_LIMITS } from '../../src/lib/http/rate-limits.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

let ipCounter = 0
const nextIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
let visitorCounter = 0
const nextVisitor = () => `sessao_${++visitorCounter}_${Math.random().toString(36).slice(2, 10)}`

function postEvents(body: unknown, options: { ip?: string; userAgent?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: API.insights.events,
    payload: body as object,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.userAgent === undefined ? {} : { 'user-agent': options.userAgent },
  })
}

async function rowsOf(visitorId: string) {
  return ctx.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.visitorId, visitorId))
    .orderBy(asc(analyticsEvents.id))
}
async function totalRows(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(analyticsEvents)
  return Number(row?.n ?? 0)
}

describe('POST /api/analytics/events', () => {
  it('stores a batch with its visitor id, user agent and no user, answering 202 with the count', async () => {
    const visitorId = nextVisitor()
    const userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile'
    const res = await postEvents(
      {
        sessionId: visitorId,
        events: [
          { eventType: 'page_view', eventData: { path: '/inscricao', referrer: null } },
          { eventType: 'form_field_focus', eventData: { field: 'email' } },
          { eventType: 'lead_submitted', eventData: { interestField: 'autoestima', completed: true, step: 2 } },
        ],
      },
      { userAgent },
    )
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ accepted: 3 })

    const rows = await rowsOf(visitorId)
    expect(rows.map((r) => r.eventType)).toEqual(['page_view', 'form_field_focus', 'lead_submitted'])
    expect(rows.map((r) => r.eventData)).toEqual([
      { path: '/inscricao', referrer: null },
      { field: 'email' },
      { interestField: 'autoestima', completed: true, step: 2 },
    ])
    for (const row of rows) {
      expect(row).toMatchObject({ visitorId, userAgent, userId: null })
      expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000)
    }
  })

  it('drops eventData keys that look like personal data', async () => {
    const visitorId = nextVisitor()
    const res = await postEvents({
      sessionId: visitorId,
      events: [
        {
          eventType: 'lead_capture',
          eventData: {
            email: 'maria@exemplo.com',
            'e-mail': 'x',
            userEmail: 'x',
            nome: 'Maria',
            fullName: 'Maria Silva',
            phone: '11987654321',
            telefone: 'x',
            WhatsApp: 'x',
            cpf: '123',
            password: 'x',
            senhaNova: 'x',
            interestField: 'carreira',
            plan: 'anual',
          },
        },
      ],
    })
    expect(res.statusCode).toBe(202)
    const [row] = await rowsOf(visitorId)
    expect(row!.eventData).toEqual({ interestField: 'carreira', plan: 'anual' })
  })

  it('stores an empty object when there is no eventData, and caps the user agent', async () => {
    const visitorId = nextVisitor()
    const res = await postEvents({ sessionId: visitorId, events: [{ eventType: 'audio_play' }] }, { userAgent: 'U'.repeat(1000) })
    expect(res.statusCode).toBe(202)
    const [row] = await rowsOf(visitorId)
    expect(row!.eventData).toEqual({})
    expect(row!.userAgent).toHaveLength(ANALYTICS_LIMITS.userAgentLength)
  })

  it('accepts every event the product names and any other well-formed name', async () => {
    const visitorId = nextVisitor()
    const events = [...ANALYTICS_EVENT_TYPES, 'admin_tab_open'].map((eventType) => ({ eventType }))
    const res = await postEvents({ sessionId: visitorId, events })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ accepted: ANALYTICS_EVENT_TYPES.length + 1 })
  })

  it('keeps a plausible occurredAt and clamps a future or too old one to now', async () => {
    const visitorId = nextVisitor()
    const now = Date.now()
    const twoHoursAgo = new Date(now - 2 * 3600_000).toISOString()
    const res = await postEvents({
      sessionId: visitorId,
      events: [
        { eventType: 'page_view', occurredAt: twoHoursAgo },
        { eventType: 'page_view', occurredAt: new Date(now + 3 * 24 * 3600_000).toISOString() },
        { eventType: 'page_view', occurredAt: new Date(now - 25 * 3600_000).toISOString() },
        { eventType: 'page_view', occurredAt: '2030-01-01T10:00:00-03:00' },
      ],
    })
    expect(res.statusCode).toBe(202)
    const rows = await rowsOf(visitorId)
    expect(rows[0]!.createdAt.toISOString()).toBe(twoHoursAgo)
    for (const row of rows.slice(1)) {
      expect(Math.abs(row.createdAt.getTime() - now)).toBeLessThan(60_000)
    }
  })

  describe('refuses a bad batch with a pt-BR 400 and stores nothing', () => {
    const event = { eventType: 'page_view' }
    const cases: Array<[string, (visitorId: string) => unknown, string]> = [
      [
        '51 events',
        (visitorId) => ({ sessionId: visitorId, events: Array.from({ length: 51 }, () => event) }),
        'events: Envie no máximo 50 eventos por vez',
      ],
      ['no events', (visitorId) => ({ sessionId: visitorId, events: [] }), 'events: Envie pelo menos 1 evento'],
      [
        'an eventType with capitals and dashes',
        (visitorId) => ({ sessionId: visitorId, events: [{ eventType: 'Page-View' }] }),
        'events.0.eventType: Tipo de evento inválido: use letras minúsculas, números e _',
      ],
      [
        'a one-letter eventType',
        (visitorId) => ({ sessionId: visitorId, events: [{ eventType: 'p' }] }),
        'events.0.eventType: Tipo de evento inválido: use letras minúsculas, números e _',
      ],
      ['a short sessionId', () => ({ sessionId: 'abc', events: [event] }), 'sessionId: Identificador de sessão inválido'],
      [
        'a sessionId with spaces',
        () => ({ sessionId: 'sessao com espaco', events: [event] }),
        'sessionId: Identificador de sessão inválido',
      ],
      ['no sessionId', () => ({ events: [event] }), 'sessionId: Informe o identificador da sessão'],
      [
        'a nested eventData value',
        (visitorId) => ({ sessionId: visitorId, events: [{ eventType: 'page_view', eventData: { user: { id: 1 } } }] }),
        'events.0.eventData.user: Valores devem ser texto (até 200 caracteres), número, verdadeiro/falso ou nulo',
      ],
      [
        'eventData as a list',
        (visitorId) => ({ sessionId: visitorId, events: [{ eventType: 'page_view', eventData: ['a'] }] }),
        'events.0.eventData: eventData deve ser um objeto simples',
      ],
      [
        '21 eventData keys',
        (visitorId) => ({
          sessionId: visitorId,
          events: [{ eventType: 'page_view', eventData: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }],
        }),
        'events.0.eventData: eventData deve ter no máximo 20 chaves',
      ],
      [
        'a 201-character value',
        (visitorId) => ({ sessionId: visitorId, events: [{ eventType: 'page_view', eventData: { path: 'x'.repeat(201) } }] }),
        'events.0.eventData.path: Textos devem ter no máximo 200 caracteres',
      ],
      [
        'an occurredAt that is not a date',
        (visitorId) => ({ sessionId: visitorId, events: [{ eventType: 'page_view', occurredAt: 'ontem' }] }),
        'events.0.occurredAt: Data e hora inválidas',
      ],
    ]
    it.each(cases)('%s', async (_label, makeBody, message) => {
      const before = await totalRows()
      const res = await postEvents(makeBody(nextVisitor()))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
      expect(await totalRows()).toBe(before)
    })
  })

  it(`answers 429 in pt-BR after ${RATE_LIMITS.analytics.max} requests a minute from one IP`, async () => {
    const ip = '198.51.100.7'
    const visitorId = nextVisitor()
    const body = { sessionId: visitorId, events: [{ eventType: 'page_view' }] }
    for (let i = 0; i < RATE_LIMITS.analytics.max; i++) {
      expect((await postEvents(body, { ip })).statusCode).toBe(202)
    }
    const res = await postEvents(body, { ip })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MSG.generic.tooManyRequests })
    expect(await rowsOf(visitorId)).toHaveLength(RATE_LIMITS.analytics.max)
    expect((await postEvents(body, { ip: '198.51.100.8' })).statusCode).toBe(202)
  })
})
