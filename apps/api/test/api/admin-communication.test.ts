import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { and } from 'drizzle-orm'
import {
  API,
  ADMIN_MSG,
  OUTBOX_MSG,
  adminLeadsResponseSchema,
  adminOutboxResponseSchema,
  campaignsResponseSchema,
  outboxMessageResponseSchema,
  type Campaign,
} from '@sintonia/contract'
import { emailCampaigns, emailOutbox, leads, subscriptions } from '../../src/db/schema/index.js'
import type { MailTransport, OutboxMessage } from '../../src/lib/mail/index.js'
import { csvCell } from '../../src/lib/csv.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, seedSubscription, setBanned, type Account } from '../helpers/auth.js'
import { callAs } from '../helpers/callers.js'

const DAY = 86_400_000
/** Delivers everything except addresses starting with 'falha'. */
const delivered: OutboxMessage[] = []
const transport: MailTransport = {
  name: 'fake',
  async send(message) {
    if (message.to.startsWith('falha')) throw new Error('caixa cheia')
    delivered.push(message)
  },
}

let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, mailer: { transport, autoDispatch: false } })
  boss = await admin(ctx)
  const now = Date.now()
  await ctx.database.db.insert(leads).values([
    { name: 'Ana "Aninha" Souza', email: 'ana@exemplo.com', phone: '+5511987654321', interestField: 'autoestima', consentAt: new Date(), consentText: 'ok', createdAt: new Date(now - 10 * DAY) },
    { name: 'Bruno; Lima', email: 'bruno@exemplo.com', interestField: 'carreira', consentAt: new Date(), consentText: 'ok', createdAt: new Date(now - 3 * DAY), utmSource: '=HYPERLINK("x")' },
    { name: 'Çécile\nNova linha', email: 'falha.cecile@exemplo.com', interestField: 'autoestima', consentAt: new Date(), consentText: 'ok', createdAt: new Date(now - DAY) },
  ])
})
afterAll(() => ctx.close())

describe('admin communication: access', () => {
  it.each([
    ['GET', API.communication.admin.leads],
    ['GET', API.communication.admin.leadsCsv],
    ['GET', API.communication.admin.campaigns],
    ['GET', `${API.communication.admin.campaignAudience}?segment=all_leads`],
    ['GET', API.communication.admin.outbox],
    ['GET', API.communication.admin.outboxMessage('00000000-0000-4000-8000-000000000000')],
  ] as const)('%s %s: anonymous 401, listener 403', async (method, url) => {
    expect((await ctx.app.inject({ method, url })).statusCode).toBe(401)
    expect((await callAs(ctx, await listener(ctx), { method, url })).statusCode).toBe(403)
  })

  it('POST campaigns: anonymous 401, listener 403, nothing queued', async () => {
    const payload = { segment: 'all_leads', subject: 'Oi', body: 'Texto' }
    expect((await ctx.app.inject({ method: 'POST', url: API.communication.admin.campaigns, payload })).statusCode).toBe(401)
    expect((await callAs(ctx, await listener(ctx), { method: 'POST', url: API.communication.admin.campaigns, payload })).statusCode).toBe(403)
    expect(await ctx.database.db.select().from(emailCampaigns)).toEqual([])
  })
})

describe('admin communication: leads', () => {
  it('lists newest first and filters by interest and date range', async () => {
    const all = adminLeadsResponseSchema.parse((await callAs(ctx, boss, { url: API.communication.admin.leads })).json())
    expect(all.leads.map((l) => l.email)).toEqual(['falha.cecile@exemplo.com', 'bruno@exemplo.com', 'ana@exemplo.com'])
    const auto = adminLeadsResponseSchema.parse((await callAs(ctx, boss, { url: `${API.communication.admin.leads}?interest=autoestima` })).json())
    expect(auto.leads.map((l) => l.email)).toEqual(['falha.cecile@exemplo.com', 'ana@exemplo.com'])
    const from = new Date(Date.now() - 5 * DAY).toISOString().slice(0, 10)
    const to = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10)
    const ranged = adminLeadsResponseSchema.parse((await callAs(ctx, boss, { url: `${API.communication.admin.leads}?from=${from}&to=${to}` })).json())
    expect(ranged.leads.map((l) => l.email)).toEqual(['bruno@exemplo.com'])
    expect(ranged.pageInfo.total).toBe(1)
  })

  it('refuses a reversed range, a bad date and an unknown interest in pt-BR', async () => {
    const reversed = await callAs(ctx, boss, { url: `${API.communication.admin.leads}?from=2026-02-01&to=2026-01-01` })
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().message).toContain(ADMIN_MSG.dateRange)
    expect((await callAs(ctx, boss, { url: `${API.communication.admin.leads}?from=ontem` })).json().message).toContain(ADMIN_MSG.invalidDate)
    expect((await callAs(ctx, boss, { url: `${API.communication.admin.leads}?interest=culinaria` })).statusCode).toBe(400)
  })

  it('exports CSV with a UTF-8 BOM, ; separators, quoted cells and formula-safe values', async () => {
    const res = await callAs(ctx, boss, { url: `${API.communication.admin.leadsCsv}?interest=` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/)
    const body = res.rawPayload.toString('utf8')
    expect(body.charCodeAt(0)).toBe(0xfeff)
    const lines = body.slice(1).split('\r\n')
    expect(lines[0]).toBe('Nome;E-mail;WhatsApp;Área de interesse;Origem;utm_source;utm_medium;utm_campaign;Inscrito em')
    // The origin in Portuguese, never its code.
    expect(body).toContain('"Ana ""Aninha"" Souza";ana@exemplo.com;\'+5511987654321;Autoestima;Página de inscrição')
    expect(body).toContain('"Bruno; Lima";bruno@exemplo.com;;Carreira;Página de inscrição;"\'=HYPERLINK(""x"")"')
    expect(body).not.toContain('inscricao_page')
    expect(body).toContain('"Çécile\nNova linha"')
    const filtered = (await callAs(ctx, boss, { url: `${API.communication.admin.leadsCsv}?interest=carreira` })).rawPayload.toString('utf8')
    expect(filtered.trim().split('\r\n')).toHaveLength(2)
  })

  it('csvCell quotes separators, quotes and line breaks and defuses formulas', () => {
    expect(csvCell('simples')).toBe('simples')
    expect(csvCell('a;b')).toBe('"a;b"')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""')
    expect(csvCell('linha\r\noutra')).toBe('"linha\r\noutra"')
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell(null)).toBe('')
  })
})

describe('admin communication: campaigns', () => {
  let subscriberAccount: Account
  let expiredAccount: Account
  beforeAll(async () => {
    subscriberAccount = await listener(ctx, { name: 'Sara Assinante' })
    await seedSubscription(ctx, subscriberAccount.userId)
    expiredAccount = await listener(ctx, { name: 'Eva Expirada' })
    await seedSubscription(ctx, expiredAccount.userId, { status: 'expired', currentPeriodEnd: new Date(Date.now() - 40 * DAY) })
    const banned = await listener(ctx)
    await seedSubscription(ctx, banned.userId)
    await setBanned(ctx, banned.userId)
    await listener(ctx) // never subscribed: in no subscriber segment
  })

  async function audience(query: string) {
    const res = await callAs(ctx, boss, { url: `${API.communication.admin.campaignAudience}?${query}` })
    expect(res.statusCode).toBe(200)
    return res.json().recipients as number
  }

  it('counts each segment', async () => {
    expect(await audience('segment=all_leads')).toBe(3)
    expect(await audience('segment=leads_by_interest&interest=autoestima')).toBe(2)
    expect(await audience('segment=active_subscribers')).toBe(1)
    expect(await audience('segment=expired_subscribers')).toBe(1)
    const missing = await callAs(ctx, boss, { url: `${API.communication.admin.campaignAudience}?segment=leads_by_interest` })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toContain(ADMIN_MSG.interestRequired)
  })

  it('queues one e-mail per recipient, sends them in the background and reports pending/sent/failed', async () => {
    const res = await callAs(ctx, boss, {
      method: 'POST',
      url: API.communication.admin.campaigns,
      payload: { segment: 'leads_by_interest', interest: 'autoestima', subject: 'Novidades de <março>', body: 'Primeiro parágrafo.\n\nSegundo & último.' },
    })
    expect(res.statusCode).toBe(202)
    const { campaign, message } = res.json() as { campaign: Campaign; message: string }
    expect(message).toBe('E-mail enfileirado para 2 destinatários')
    expect(campaign.counts).toEqual({ total: 2, pending: 2, sent: 0, logged: 0, failed: 0 })

    await ctx.app.mailer.dispatchPending()
    const list = campaignsResponseSchema.parse((await callAs(ctx, boss, { url: API.communication.admin.campaigns })).json())
    expect(list.campaigns[0]).toMatchObject({ id: campaign.id, segment: 'leads_by_interest', interest: 'autoestima', counts: { total: 2, pending: 0, sent: 1, logged: 0, failed: 1 } })

    const sent = delivered.filter((m) => m.kind === 'campaign')
    expect(sent.map((m) => m.to)).toEqual(['ana@exemplo.com'])
    expect(sent[0]!.text).toContain('Olá, Ana!')
    expect(sent[0]!.text).toContain('Segundo & último.')
    expect(sent[0]!.html).toContain('Segundo &amp; último.')
    expect(sent[0]!.text).toContain('descadastro')

    const outbox = adminOutboxResponseSchema.parse((await callAs(ctx, boss, { url: `${API.communication.admin.outbox}?campaignId=${campaign.id}` })).json())
    expect(outbox.rows.map((r) => [r.toAddress, r.status]).sort()).toEqual([
      ['ana@exemplo.com', 'sent'],
      ['falha.cecile@exemplo.com', 'failed'],
    ])
    expect(outbox.rows.find((r) => r.status === 'failed')!.error).toBe('caixa cheia')
    const failedOnly = adminOutboxResponseSchema.parse((await callAs(ctx, boss, { url: `${API.communication.admin.outbox}?status=failed&kind=campaign` })).json())
    expect(failedOnly.rows.map((r) => r.toAddress)).toEqual(['falha.cecile@exemplo.com'])
    expect(failedOnly.kinds).toContain('campaign')
  })

  it('sends to active subscribers only (not banned, not expired) and to expired ones separately', async () => {
    delivered.length = 0
    await callAs(ctx, boss, { method: 'POST', url: API.communication.admin.campaigns, payload: { segment: 'active_subscribers', subject: 'Para assinantes', body: 'Oi' } })
    await callAs(ctx, boss, { method: 'POST', url: API.communication.admin.campaigns, payload: { segment: 'expired_subscribers', subject: 'Volte', body: 'Sentimos sua falta' } })
    await ctx.app.mailer.dispatchPending()
    expect(delivered.map((m) => [m.subject, m.to])).toEqual([
      ['Para assinantes', subscriberAccount.email],
      ['Volte', expiredAccount.email],
    ])
  })

  it('refuses an empty segment (409) and invalid input (400) without queueing anything', async () => {
    const before = (await ctx.database.db.select().from(emailCampaigns)).length
    await ctx.database.db.delete(subscriptions).where(eq(subscriptions.userId, expiredAccount.userId))
    const empty = await callAs(ctx, boss, { method: 'POST', url: API.communication.admin.campaigns, payload: { segment: 'expired_subscribers', subject: 'Volte', body: 'Oi' } })
    expect(empty.statusCode).toBe(409)
    expect(empty.json().message).toBe(ADMIN_MSG.noRecipients)
    for (const [payload, msg] of [
      [{ segment: 'all_leads', subject: ' ', body: 'Oi' }, ADMIN_MSG.subjectRequired],
      [{ segment: 'all_leads', subject: 'Oi', body: '' }, ADMIN_MSG.bodyRequired],
      [{ segment: 'leads_by_interest', subject: 'Oi', body: 'Oi' }, ADMIN_MSG.interestRequired],
      [{ segment: 'todos', subject: 'Oi', body: 'Oi' }, 'Escolha o segmento'],
    ] as const) {
      const res = await callAs(ctx, boss, { method: 'POST', url: API.communication.admin.campaigns, payload })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain(msg)
    }
    expect((await ctx.database.db.select().from(emailCampaigns)).length).toBe(before)
  })
})

describe('admin communication: opening an e-mail', () => {
  it('shows subject, recipient, status, dates and text, with the reset link\'s token masked', async () => {
    const person = await listener(ctx)
    const forgot = await ctx.app.inject({ method: 'POST', url: API.accounts.forgotPassword, payload: { email: person.email }, remoteAddress: nextIp() })
    expect(forgot.statusCode).toBe(200)
    const [stored] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person.email), eq(emailOutbox.kind, 'password_reset')))
    const token = /[?&]token=([^\s&]+)/.exec(stored!.textBody)?.[1]
    expect(token).toBeTruthy()
    await ctx.app.mailer.dispatchPending()

    const res = await callAs(ctx, boss, { url: API.communication.admin.outboxMessage(stored!.id) })
    expect(res.statusCode).toBe(200)
    const { message } = outboxMessageResponseSchema.parse(res.json())
    expect(message).toMatchObject({ id: stored!.id, toAddress: person.email, subject: stored!.subject, kind: 'password_reset', status: 'sent', campaignId: null })
    expect(Date.parse(message.createdAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(message.sentAt).not.toBeNull()
    expect(message.textBody).toContain('/redefinir-senha?token=[oculto]')
    // Nowhere in the answer: not in the text, not in an HTML body.
    expect(res.body).not.toContain(token!)
    expect(res.body).not.toContain(decodeURIComponent(token!))
    expect(res.json().message).not.toHaveProperty('htmlBody')
  })

  it('answers 404 for an unknown e-mail and 400 for a malformed id, in pt-BR', async () => {
    const missing = await callAs(ctx, boss, { url: API.communication.admin.outboxMessage('00000000-0000-4000-8000-000000000000') })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(OUTBOX_MSG.notFound)
    const malformed = await callAs(ctx, boss, { url: API.communication.admin.outboxMessage('nao-e-um-id') })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toContain(ADMIN_MSG.idInvalid)
  })
})

describe('admin communication: without SMTP', () => {
  it('records every e-mail as "logged", never "sent", in the outbox, its filter and the campaign counts', async () => {
    const bare = await buildTestApp({ seed: true, mailer: { autoDispatch: false } })
    try {
      expect(bare.app.mailer.transport).toBe('log')
      const manager = await admin(bare)
      await bare.database.db.insert(leads).values({ name: 'Dora', email: 'dora@exemplo.com', interestField: 'carreira', consentAt: new Date(), consentText: 'ok' })
      const sent = await callAs(bare, manager, { method: 'POST', url: API.communication.admin.campaigns, payload: { segment: 'all_leads', subject: 'Sem servidor', body: 'Oi' } })
      expect(sent.statusCode).toBe(202)
      await bare.app.mailer.dispatchPending()

      const campaigns = campaignsResponseSchema.parse((await callAs(bare, manager, { url: API.communication.admin.campaigns })).json())
      expect(campaigns.campaigns[0]!.counts).toEqual({ total: 1, pending: 0, sent: 0, logged: 1, failed: 0 })
      const outbox = adminOutboxResponseSchema.parse((await callAs(bare, manager, { url: `${API.communication.admin.outbox}?kind=campaign` })).json())
      expect(outbox.rows.map((r) => [r.toAddress, r.status])).toEqual([['dora@exemplo.com', 'logged']])
      expect(outbox.rows[0]!.sentAt).not.toBeNull()
      const logged = adminOutboxResponseSchema.parse((await callAs(bare, manager, { url: `${API.communication.admin.outbox}?status=logged` })).json())
      expect(logged.rows.length).toBeGreaterThan(0)
      expect(logged.rows.every((r) => r.status === 'logged')).toBe(true)
      const sentOnly = adminOutboxResponseSchema.parse((await callAs(bare, manager, { url: `${API.communication.admin.outbox}?status=sent` })).json())
      expect(sentOnly.rows).toEqual([])
    } finally {
      await bare.close()
    }
  })
})
