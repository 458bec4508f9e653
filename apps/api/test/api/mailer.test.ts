import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { count, eq, inArray, sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js'
import { emailOutbox } from '../../src/db/schema/index.js'
import {
  createEmailDispatcher,
  createLogTransport,
  enqueueEmail,
  type MailLogger,
  type MailTransport,
  type OutboxMessage,
} from '../../src/lib/mail/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { fakeSmtpServer } from '../support/fake-smtp.js'

const silentLog: MailLogger = { info: () => undefined, warn: () => undefined, error: () => undefined }

function capturingLog() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = []
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg })
    }
  const log: MailLogger = { info: at('info'), warn: at('warn'), error: at('error') }
  return { log, lines }
}

function recordingTransport(delayMs = 0): MailTransport & { sent: OutboxMessage[] } {
  const sent: OutboxMessage[] = []
  return {
    name: 'recording',
    sent,
    async send(message) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
      sent.push(message)
    },
  }
}

const email = (n: number | string, overrides: Partial<Parameters<typeof enqueueEmail>[1]> = {}) => ({
  to: `pessoa${n}@exemplo.com`,
  subject: `Assunto ${n}`,
  text: `Corpo secreto ${n}: https://sintonia.app/redefinir?token=abc${n}`,
  html: `<p>Corpo secreto ${n}</p>`,
  kind: 'test_message',
  ...overrides,
})

let ctx: TestContext
beforeAll(async () => {
  // No background dispatch: each test decides who sends what.
  ctx = await buildTestApp({ mailer: { autoDispatch: false } })
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.database.db.delete(emailOutbox)
})

async function outboxRows() {
  return ctx.database.db.select().from(emailOutbox).orderBy(emailOutbox.createdAt)
}

describe('enqueueEmail', () => {
  it('writes a pending row that exists only if the surrounding transaction commits', async () => {
    const db = ctx.database.db
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, email('rollback'))
        throw new Error('a escrita de negócio falhou')
      }),
    ).rejects.toThrow('a escrita de negócio falhou')
    expect(await outboxRows()).toHaveLength(0)

    const id = await db.transaction(async (tx) => enqueueEmail(tx, email('commit')))
    const rows = await outboxRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id,
      toAddress: 'pessoacommit@exemplo.com',
      subject: 'Assunto commit',
      kind: 'test_message',
      status: 'pending',
      error: null,
      sentAt: null,
      claimedAt: null,
    })
  })

  it('refuses an e-mail that cannot be sent safely', async () => {
    const db = ctx.database.db
    await expect(enqueueEmail(db, email(1, { subject: 'linha\nBcc: outro@exemplo.com' }))).rejects.toThrow(TypeError)
    await expect(enqueueEmail(db, email(1, { to: 'não é endereço' }))).rejects.toThrow(TypeError)
    await expect(enqueueEmail(db, email(1, { kind: 'Tipo Livre' }))).rejects.toThrow(TypeError)
    await expect(enqueueEmail(db, email(1, { text: '  ' }))).rejects.toThrow(TypeError)
    expect(await outboxRows()).toHaveLength(0)
  })
})

describe('dispatcher', () => {
  it('passes pending rows to the log transport with one body-free line each and marks them logged, never sent', async () => {
    const db = ctx.database.db
    const first = await enqueueEmail(db, email(1))
    const second = await enqueueEmail(db, email(2))
    const { log, lines } = capturingLog()
    const dispatcher = createEmailDispatcher({ db, transport: createLogTransport(log), log })

    expect(await dispatcher.dispatchPending()).toEqual({ sent: 2, failed: 0 })

    expect(lines).toHaveLength(2)
    // Two rows enqueued within the same clock tick share created_at; their order is then the ids'.
    const bySubject = lines.map((l) => l.obj as { subject: string }).sort((a, b) => a.subject.localeCompare(b.subject))
    expect(bySubject).toEqual([
      { outboxId: first, kind: 'test_message', to: 'pessoa1@exemplo.com', subject: 'Assunto 1' },
      { outboxId: second, kind: 'test_message', to: 'pessoa2@exemplo.com', subject: 'Assunto 2' },
    ])
    expect(JSON.stringify(lines)).not.toMatch(/Corpo secreto|token=/)

    const rows = await outboxRows()
    // Nothing left the server: "Registrado (sem SMTP)", not "Enviado".
    expect(rows.map((r) => r.status)).toEqual(['logged', 'logged'])
    for (const row of rows) {
      expect(row.sentAt).toBeInstanceOf(Date)
      expect(row.claimedAt).toBeInstanceOf(Date)
    }
    // Nothing is sent twice.
    expect(await dispatcher.dispatchPending()).toEqual({ sent: 0, failed: 0 })
    expect(lines).toHaveLength(2)
  })

  it('marks a row failed with the error text when the transport refuses it, and goes on with the others', async () => {
    const db = ctx.database.db
    const bad = await enqueueEmail(db, email('ruim'))
    const good = await enqueueEmail(db, email('bom'))
    const transport: MailTransport = {
      name: 'flaky',
      async send(message) {
        if (message.id === bad) throw new Error('550 5.1.1 Caixa postal inexistente')
      },
    }
    const { log, lines } = capturingLog()
    const dispatcher = createEmailDispatcher({ db, transport, log })

    expect(await dispatcher.dispatchPending()).toEqual({ sent: 1, failed: 1 })
    const [badRow] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, bad))
    const [goodRow] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, good))
    expect(badRow).toMatchObject({ status: 'failed', error: '550 5.1.1 Caixa postal inexistente', sentAt: null })
    expect(goodRow).toMatchObject({ status: 'sent', error: null })
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', obj: expect.objectContaining({ outboxId: bad, reason: '550 5.1.1 Caixa postal inexistente' }) }),
    ])
    // A failed row is not retried.
    expect(await dispatcher.dispatchPending()).toEqual({ sent: 0, failed: 0 })
  })

  it('sends every row exactly once when two dispatchers (two API instances) run at the same time', async () => {
    const db = ctx.database.db
    const total = 40
    for (let i = 0; i < total; i++) await enqueueEmail(db, email(i))

    // On Postgres the second dispatcher gets its own connection pool, like a second API process.
    let other: DatabaseHandle | undefined
    if (ctx.database.url) other = await openDatabase({ databaseUrl: ctx.database.url })
    try {
      const a = recordingTransport(2)
      const b = recordingTransport(3)
      const dispatcherA = createEmailDispatcher({ db, transport: a, log: silentLog, batchSize: 5 })
      const dispatcherB = createEmailDispatcher({ db: other?.db ?? db, transport: b, log: silentLog, batchSize: 5 })

      const [resultA, resultB] = await Promise.all([dispatcherA.dispatchPending(), dispatcherB.dispatchPending()])

      const ids = [...a.sent, ...b.sent].map((m) => m.id)
      expect(ids).toHaveLength(total)
      expect(new Set(ids).size).toBe(total)
      expect(resultA.sent + resultB.sent).toBe(total)
      const [pending] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'))
      expect(Number(pending?.n)).toBe(0)
    } finally {
      await other?.close()
    }
  })

  it('leaves a freshly claimed row alone but retakes one whose claim went stale', async () => {
    const db = ctx.database.db
    const fresh = await enqueueEmail(db, email('fresco'))
    const stale = await enqueueEmail(db, email('antigo'))
    await db
      .update(emailOutbox)
      .set({ claimedAt: sql`now()` })
      .where(eq(emailOutbox.id, fresh))
    await db
      .update(emailOutbox)
      .set({ claimedAt: sql`now() - interval '11 minutes'` })
      .where(eq(emailOutbox.id, stale))
    const transport = recordingTransport()
    const dispatcher = createEmailDispatcher({ db, transport, log: silentLog })

    expect(await dispatcher.dispatchPending()).toEqual({ sent: 1, failed: 0 })
    expect(transport.sent.map((m) => m.id)).toEqual([stale])
    const rows = await db.select().from(emailOutbox).where(inArray(emailOutbox.id, [fresh, stale]))
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [fresh]: 'pending', [stale]: 'sent' })
  })

  it('runs one more pass for a call made during a pass, so rows enqueued meanwhile are sent', async () => {
    const db = ctx.database.db
    await enqueueEmail(db, email('primeiro'))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const sent: string[] = []
    const transport: MailTransport = {
      name: 'gated',
      async send(message) {
        await gate
        sent.push(message.to)
      },
    }
    const dispatcher = createEmailDispatcher({ db, transport, log: silentLog })
    const firstPass = dispatcher.dispatchPending()
    await vi.waitFor(async () => {
      const [row] = await db.select().from(emailOutbox)
      expect(row?.claimedAt).not.toBeNull()
    })
    await enqueueEmail(db, email('segundo'))
    const secondPass = dispatcher.dispatchPending()
    release()
    expect(await firstPass).toEqual({ sent: 1, failed: 0 })
    expect(await secondPass).toEqual({ sent: 1, failed: 0 })
    expect(sent).toEqual(['pessoaprimeiro@exemplo.com', 'pessoasegundo@exemplo.com'])
  })

  it('stops polling and ignores kicks once stopped', async () => {
    // The poll timer is fake, so the test moves time instead of sleeping through poll intervals;
    // everything else (the database, vi.waitFor) keeps real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const db = ctx.database.db
    const claims = vi.spyOn(db, 'execute')
    try {
      const transport = recordingTransport()
      const dispatcher = createEmailDispatcher({ db, transport, log: silentLog, pollIntervalMs: 20 })
      dispatcher.start()
      await enqueueEmail(db, email('antes'))
      await vi.advanceTimersByTimeAsync(20)
      await vi.waitFor(() => expect(transport.sent).toHaveLength(1))
      await dispatcher.stop()
      expect(vi.getTimerCount()).toBe(0) // no poll left

      const depois = await enqueueEmail(db, email('depois'))
      claims.mockClear()
      dispatcher.kick()
      await vi.advanceTimersByTimeAsync(20 * 10)
      // A pass claims rows (db.execute) as soon as it starts, synchronously: neither the kick nor
      // ten poll intervals started one.
      expect(claims).not.toHaveBeenCalled()
      expect(transport.sent).toHaveLength(1)
      expect(await dispatcher.dispatchPending()).toEqual({ sent: 0, failed: 0 })
      expect(claims).not.toHaveBeenCalled()
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, depois))
      expect(row).toMatchObject({ status: 'pending', claimedAt: null })
    } finally {
      claims.mockRestore()
      vi.useRealTimers()
    }
  })
})

describe('app.mailer', () => {
  it('is the log transport without SMTP_URL and dispatches on demand', async () => {
    expect(ctx.app.mailer.transport).toBe('log')
    const id = await ctx.app.mailer.enqueue(ctx.database.db, email('app'))
    expect((await ctx.app.mailer.dispatchPending()).sent).toBe(1)
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
    expect(row!.status).toBe('logged')
    expect(row!.sentAt).toBeInstanceOf(Date)
  })

  it('sends soon after an enqueue outside a transaction when background dispatch is on', async () => {
    const transport = recordingTransport()
    const other = await buildTestApp({ mailer: { transport } })
    try {
      expect(other.app.mailer.transport).toBe('recording')
      const id = await other.app.mailer.enqueue(other.database.db, email('kick'))
      await vi.waitFor(() => expect(transport.sent.map((m) => m.id)).toEqual([id]), { timeout: 3_000 })
      await vi.waitFor(async () => {
        const [row] = await other.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
        expect(row!.status).toBe('sent')
      })
    } finally {
      await other.close()
    }
  })

  it('delivers through SMTP when SMTP_URL is set, and records a refusal as failed', async () => {
    const smtp = await fakeSmtpServer({ rejectRecipient: 'recusado@' })
    const other = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sintonia <ola@sintonia.test>' }, mailer: { autoDispatch: false } })
    try {
      expect(other.app.mailer.transport).toBe('smtp')
      const db = other.database.db
      const ok = await other.app.mailer.enqueue(db, email('smtp', { subject: 'Bem-vindo(a) à lista!', replyTo: 'contato@sintonia.test' }))
      const refused = await other.app.mailer.enqueue(db, email('x', { to: 'recusado@exemplo.com' }))

      expect(await other.app.mailer.dispatchPending()).toEqual({ sent: 1, failed: 1 })

      expect(smtp.messages).toHaveLength(1)
      const raw = smtp.messages[0]!
      expect(raw).toMatch(/^From: Sintonia <ola@sintonia\.test>$/m)
      expect(raw).toMatch(/^To: pessoasmtp@exemplo\.com$/m)
      expect(raw).toMatch(/^Reply-To: contato@sintonia\.test$/m)
      expect(raw).toMatch(new RegExp(`^X-Outbox-Id: ${ok}$`, 'im'))
      expect(raw).toMatch(/^Subject: =\?UTF-8\?/m)
      expect(raw).toContain('multipart/alternative')

      const rows = await db.select().from(emailOutbox).where(inArray(emailOutbox.id, [ok, refused]))
      const byId = Object.fromEntries(rows.map((r) => [r.id, r]))
      expect(byId[ok]).toMatchObject({ status: 'sent', error: null })
      expect(byId[refused]!.status).toBe('failed')
      expect(byId[refused]!.error).toContain('550 5.1.1 Caixa postal inexistente')
    } finally {
      await other.close()
      await smtp.close()
    }
  })
})
