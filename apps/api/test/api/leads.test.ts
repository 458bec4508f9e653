import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import { API, LEAD_CONSENT_TEXT, LEAD_SOURCE, MSG } from '@sintonia/contract'
import { emailOutbox, leads } from '../../src/db/schema/index.js'
import { createLead } from '../../src/modules/communication/leads-service.js'
import { writeSetting } from '../../src/modules/content/settings-repository.js'
import { RATE_LIMITS } from '../../src/lib/http/rate-limits.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

// The lead route allows a few requests per minute per IP: every test speaks from its own address.
let ipCounter = 0
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

function postLead(body: unknown, remoteAddress = nextIp()) {
  return ctx.app.inject({ method: 'POST', url: API.communication.leads, payload: body as object, remoteAddress })
}

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: '  Maria da Silva  ',
  email: `Maria.${Math.random().toString(36).slice(2, 10)}@Exemplo.com.br`,
  consent: true,
  ...overrides,
})

async function leadCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(leads)
  return Number(row?.n ?? 0)
}
async function outboxCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(emailOutbox)
  return Number(row?.n ?? 0)
}
async function welcomeEmailsTo(address: string) {
  return ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))
}

describe('POST /api/leads', () => {
  it('stores the lead with consent and the fixed source, and answers 201 with id, name and email', async () => {
    const before = Date.now()
    const body = validBody({
      phone: '(11) 98765-4321',
      interestField: 'reducao_stress',
      utm_source: 'instagram',
      utm_medium: 'bio',
      utm_campaign: 'lancamento',
    })
    const res = await postLead(body)
    expect(res.statusCode).toBe(201)
    const created = res.json()
    const email = body.email.toLowerCase()
    expect(created).toEqual({ id: expect.any(String), name: 'Maria da Silva', email })

    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, created.id))
    expect(row).toMatchObject({
      name: 'Maria da Silva',
      email,
      phone: '+5511987654321',
      interestField: 'reducao_stress',
      source: LEAD_SOURCE,
      utmSource: 'instagram',
      utmMedium: 'bio',
      utmCampaign: 'lancamento',
      consentText: LEAD_CONSENT_TEXT,
    })
    expect(row!.source).toBe('inscricao_page')
    expect(row!.consentAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(row!.consentAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('enqueues one pt-BR welcome e-mail for the lead, which the dispatcher then sends', async () => {
    const body = validBody({ name: 'João <b>Pereira</b>', interestField: 'sono_relaxamento' })
    const res = await postLead(body)
    expect(res.statusCode).toBe(201)
    const email = body.email.toLowerCase()

    const rows = await welcomeEmailsTo(email)
    expect(rows).toHaveLength(1)
    const [mail] = rows
    expect(mail!.kind).toBe('lead_welcome')
    expect(mail!.subject).toBe('Bem-vindo(a) à lista do Sintonia!')
    expect(mail!.textBody).toContain('Olá, João!')
    expect(mail!.textBody).toContain(`${ctx.config.publicUrl}/demo`)
    expect(mail!.textBody).toContain('Sono e Relaxamento')
    expect(mail!.textBody).toMatch(/responder a esta mensagem \(ou escrever para contato@sintonia\.app\)/)
    expect(mail!.replyTo).toBe('contato@sintonia.app')
    expect(mail!.textBody).toMatch(/LGPD/)
    expect(mail!.htmlBody).toContain(`href="${ctx.config.publicUrl}/demo"`)

    await ctx.app.mailer.dispatchPending()
    const [after] = await welcomeEmailsTo(email)
    // No SMTP in this app: recorded in the outbox, not sent.
    expect(after!.status).toBe('logged')
    expect(after!.sentAt).toBeInstanceOf(Date)
  })

  it('escapes the name in the HTML body', async () => {
    const body = validBody({ name: '<script>x</script> Ana' })
    expect((await postLead(body)).statusCode).toBe(201)
    const [mail] = await welcomeEmailsTo(body.email.toLowerCase())
    expect(mail!.htmlBody).not.toContain('<script>')
    expect(mail!.htmlBody).toContain('&lt;script&gt;')
  })

  it('names the product from the admin setting in the subject', async () => {
    await writeSetting(ctx.database.db, 'product_name', 'Harmonia')
    try {
      const body = validBody()
      expect((await postLead(body)).statusCode).toBe(201)
      const [mail] = await welcomeEmailsTo(body.email.toLowerCase())
      expect(mail!.subject).toBe('Bem-vindo(a) à lista do Harmonia!')
      expect(mail!.textBody).toContain('Equipe Harmonia')
    } finally {
      await writeSetting(ctx.database.db, 'product_name', 'Sintonia')
    }
  })

  it('refuses a body that tries to set the source, writing nothing', async () => {
    const [leadsBefore, mailsBefore] = [await leadCount(), await outboxCount()]
    const res = await postLead(validBody({ source: 'admin_import' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Campos não permitidos: source')
    expect(await leadCount()).toBe(leadsBefore)
    expect(await outboxCount()).toBe(mailsBefore)
  })

  it('refuses the same e-mail in another case with 409 and the exact message, keeping one lead and one e-mail', async () => {
    const body = validBody({ email: 'duplicado@exemplo.com' })
    expect((await postLead(body)).statusCode).toBe(201)
    const res = await postLead(validBody({ name: 'Outra Pessoa', email: '  DUPLICADO@Exemplo.COM ' }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Este email já está cadastrado em nossa lista.' })

    const rows = await ctx.database.db.select().from(leads).where(sql`lower(${leads.email}) = 'duplicado@exemplo.com'`)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.name).toBe('Maria da Silva')
    expect(await welcomeEmailsTo('duplicado@exemplo.com')).toHaveLength(1)
  })

  it('lets only one of two simultaneous sign-ups with the same e-mail through', async () => {
    const [a, b] = await Promise.all([
      postLead(validBody({ email: 'corrida@exemplo.com' })),
      postLead(validBody({ email: 'Corrida@Exemplo.com' })),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409])
    expect(await welcomeEmailsTo('corrida@exemplo.com')).toHaveLength(1)
  })

  it("answers 503 with the product's 'Erro ao verificar email. Tente novamente.' when the address cannot be checked, storing nothing", async () => {
    const leadsBefore = await leadCount()
    const mailsBefore = await outboxCount()
    // The list cannot be read (a database fault): the check of the address is what fails.
    const unreadable = new Proxy(ctx.database.db, {
      get: (target, property, receiver) =>
        property === 'select'
          ? () => {
              throw new Error('leitura indisponível')
            }
          : Reflect.get(target, property, receiver),
    })
    const mailer = { enqueue: async () => 'nunca-enviado', kick: () => undefined }
    await expect(
      createLead({ db: unreadable, mailer, publicUrl: ctx.config.publicUrl }, { name: 'Ana Lima', email: 'checagem@exemplo.com', consent: true }),
    ).rejects.toMatchObject({ statusCode: 503, message: MSG.leads.emailCheckError })
    expect(MSG.leads.emailCheckError).toBe('Erro ao verificar email. Tente novamente.')
    expect(await leadCount()).toBe(leadsBefore)
    expect(await outboxCount()).toBe(mailsBefore)
  })

  it('stores no lead when the welcome e-mail cannot be written (one transaction)', async () => {
    const leadsBefore = await leadCount()
    const failingMailer = {
      enqueue: async () => {
        throw new Error('outbox indisponível')
      },
      kick: () => undefined,
    }
    await expect(
      createLead(
        { db: ctx.database.db, mailer: failingMailer, publicUrl: ctx.config.publicUrl },
        { name: 'Sem Email', email: 'sem-email@exemplo.com', consent: true },
      ),
    ).rejects.toThrow('outbox indisponível')
    expect(await leadCount()).toBe(leadsBefore)
  })

  it('treats empty optional fields as not given', async () => {
    const body = validBody({ phone: '', interestField: '', utm_source: ' ', utm_medium: '', utm_campaign: '' })
    const res = await postLead(body)
    expect(res.statusCode).toBe(201)
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, res.json().id))
    expect(row).toMatchObject({ phone: null, interestField: null, utmSource: null, utmMedium: null, utmCampaign: null })
  })

  it.each([
    ['+55 (21) 3456-7890', '+552134567890'],
    ['011 98765 4321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['+1 415-555-2671', '+14155552671'],
  ])('normalises the WhatsApp number %s to %s', async (phone, stored) => {
    const res = await postLead(validBody({ phone }))
    expect(res.statusCode).toBe(201)
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, res.json().id))
    expect(row!.phone).toBe(stored)
  })

  describe('refuses bad input with a pt-BR 400 and writes nothing', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing consent', { consent: undefined }, 'consent: É preciso aceitar a política de privacidade para continuar'],
      ['consent false', { consent: false }, 'consent: É preciso aceitar a política de privacidade para continuar'],
      ['bad e-mail', { email: 'maria@' }, 'email: Email deve ter um formato válido'],
      ['missing e-mail', { email: undefined }, 'email: Email é obrigatório'],
      ['e-mail too long', { email: `${'a'.repeat(250)}@x.com` }, 'email: Email deve ter no máximo 254 caracteres'],
      ['short name', { name: ' A ' }, 'name: Nome deve ter pelo menos 2 caracteres'],
      ['blank name', { name: '   ' }, 'name: Nome é obrigatório'],
      ['long name', { name: 'A'.repeat(121) }, 'name: Nome deve ter no máximo 120 caracteres'],
      ['name with a line break', { name: 'Maria\nSilva' }, 'name: Nome contém caracteres inválidos'],
      ['unknown interest', { interestField: 'astrologia' }, 'interestField: Escolha uma das áreas de interesse da lista'],
      ['phone with letters', { phone: '11 9876-abcd' }, 'phone: Informe um WhatsApp válido com DDD, por exemplo (11) 98765-4321'],
      ['phone too short', { phone: '98765-432' }, 'phone: Informe um WhatsApp válido com DDD, por exemplo (11) 98765-4321'],
      ['phone with too few digits', { phone: '(11) 9-8-7-6' }, 'phone: Informe um WhatsApp válido com DDD, por exemplo (11) 98765-4321'],
      ['long utm', { utm_campaign: 'x'.repeat(201) }, 'utm_campaign: Deve ter no máximo 200 caracteres'],
      ['extra key', { referrer: 'x' }, 'Campos não permitidos: referrer'],
    ]
    it.each(cases)('%s', async (_label, overrides, message) => {
      const [leadsBefore, mailsBefore] = [await leadCount(), await outboxCount()]
      const res = await postLead(validBody(overrides))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
      expect(await leadCount()).toBe(leadsBefore)
      expect(await outboxCount()).toBe(mailsBefore)
    })

    it('a body that is not JSON', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: API.communication.leads,
        headers: { 'content-type': 'application/json' },
        payload: '{nome',
        remoteAddress: nextIp(),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(MSG.generic.invalidJson)
    })
  })

  it(`answers 429 in pt-BR after ${RATE_LIMITS.leads.max} requests a minute from one IP, other IPs unaffected`, async () => {
    const ip = '203.0.113.50'
    for (let i = 0; i < RATE_LIMITS.leads.max; i++) {
      expect((await postLead(validBody(), ip)).statusCode).toBe(201)
    }
    const leadsBefore = await leadCount()
    const res = await postLead(validBody(), ip)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MSG.generic.tooManyRequests })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(await leadCount()).toBe(leadsBefore)
    expect((await postLead(validBody(), '203.0.113.51')).statusCode).toBe(201)
  })
})
