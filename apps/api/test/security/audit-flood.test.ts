/**
 * Refused requests cannot fill the database (outside attack, 2026-11): 3,000 anonymous POSTs to
 * random 15 KB paths with a foreign Origin grew the embedded database by 84 MB, one audit row of
 * ~16 KB each. Now repeats are folded into one row per minute, stored texts are cut, and old
 * rows are deleted.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { MSG } from '@sintonia/contract'
import { auditLog } from '../../src/db/schema/index.js'
import { RefusalAuditor } from '../../src/lib/audit/refusals.js'
import { AUDIT_RETENTION_DAYS, purgeExpiredAudit } from '../../src/lib/audit/retention.js'
import { rowsOf } from '../../src/db/rows.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'

const FOREIGN = 'https://site-malicioso.example'
const DAY = 86_400_000
const quietLog = { warn: () => undefined }

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

async function sizes() {
  const result = await ctx.database.db.execute(
    sql`select pg_database_size(current_database())::text as database, pg_total_relation_size('audit_log')::text as audit`,
  )
  const [row] = rowsOf<{ database: string; audit: string }>(result)
  return { database: Number(row!.database), audit: Number(row!.audit) }
}

const countRows = async (where = sql`true`) =>
  Number(rowsOf<{ n: string }>(await ctx.database.db.execute(sql`select count(*)::text as n from audit_log where ${where}`))[0]!.n)

const randomPath = (length: number) => `/api/${randomBytes(Math.ceil((length * 3) / 4)).toString('base64url').slice(0, length)}`

describe('a flood of refused requests', () => {
  it('3,000 anonymous POSTs to random 15 KB paths with a foreign Origin grow the database by less than 2 MB', async () => {
    const before = await sizes()
    const rowsBefore = await countRows()
    const attacker = '203.0.113.7'
    const statuses = new Map<number, number>()
    for (let batch = 0; batch < 30; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          ctx.app.inject({
            method: 'POST',
            url: randomPath(15_000),
            headers: { origin: FOREIGN, 'content-type': 'application/json' },
            payload: '{}',
            remoteAddress: attacker,
          }),
        ),
      )
      for (const res of answers) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
    }
    expect(Object.fromEntries(statuses)).toEqual({ 403: 3_000 })
    await ctx.app.refusalAudit.flush()

    const after = await sizes()
    expect(after.database - before.database).toBeLessThan(2 * 1024 * 1024)
    expect(after.audit - before.audit).toBeLessThan(2 * 1024 * 1024)
    // Still on record: one row, cut to 200 characters, counting the 2,999 repeats.
    expect((await countRows()) - rowsBefore).toBe(1)
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'origin_denied'), eq(auditLog.ip, attacker)))
    expect(row!.target!.length).toBeLessThanOrEqual(206)
    expect(row!.target!.startsWith('POST /api/')).toBe(true)
    expect(row!.details).toMatchObject({ origin: FOREIGN, reason: 'origin', repeats: 2_999, lastAt: expect.any(String) })
  }, 120_000)

  it('one address cycling through every guarded route opens at most 60 rows a minute, then one overflow row', async () => {
    const routes = ctx.app.accessTable.filter((route) => route.access !== 'public')
    expect(routes.length).toBeGreaterThan(70)
    const address = '203.0.113.8'
    for (const route of routes) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x'),
        remoteAddress: address,
      })
      expect(res.statusCode).toBe(401)
      if (route.method !== 'HEAD') expect(res.json().message).toBe(MSG.generic.unauthorized)
    }
    await ctx.app.refusalAudit.flush()
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.ip, address))
    expect(rows).toHaveLength(61)
    const overflow = rows.filter((row) => (row.details as { aggregated?: string }).aggregated === 'address')
    expect(overflow).toHaveLength(1)
    expect(overflow[0]!.details).toMatchObject({ repeats: routes.length - 61 })
  })

  it('each address, reason and route keeps its own row; a new minute opens a new row', async () => {
    let now = Date.parse('2026-11-20T12:00:00Z')
    const auditor = new RefusalAuditor(ctx.database.db, quietLog, { now: () => now })
    const refusal = {
      action: 'access_denied' as const,
      reason: 'anonymous',
      actorUserId: null,
      method: 'GET',
      route: '/api/teste-janela',
      path: '/api/teste-janela',
    }
    const mine = sql`target = 'GET /api/teste-janela'`
    for (let i = 0; i < 5; i++) await auditor.record({ ...refusal, ip: '198.51.100.1' })
    await auditor.record({ ...refusal, ip: '198.51.100.2' })
    await auditor.record({ ...refusal, ip: '198.51.100.1', reason: 'role' })
    expect(await countRows(mine)).toBe(3)
    now += 60_000
    await auditor.record({ ...refusal, ip: '198.51.100.1' })
    await auditor.flush()
    expect(await countRows(mine)).toBe(4)
    const first = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, 'GET /api/teste-janela'), eq(auditLog.ip, '198.51.100.1')))
      .orderBy(auditLog.id)
    expect(first.map((row) => (row.details as { repeats?: number }).repeats)).toEqual([4, undefined, undefined])
  })

  it('never keeps more than the allowed windows in memory', async () => {
    const auditor = new RefusalAuditor(ctx.database.db, quietLog, { maxWindows: 3 })
    const refusal = { action: 'origin_denied' as const, reason: 'origin', actorUserId: null, method: 'POST', route: null, path: '/api/x' }
    for (let i = 0; i < 10; i++) await auditor.record({ ...refusal, ip: `192.0.2.${i}` })
    await auditor.flush()
    const rows = await ctx.database.db.select().from(auditLog).where(sql`details->>'aggregated' = 'all_addresses'`)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.details).toMatchObject({ repeats: 6 })
  })
})

describe('retention', () => {
  async function insertAged(action: string, outcome: 'success' | 'denied', ageDays: number) {
    const [row] = await ctx.database.db
      .insert(auditLog)
      .values({ action, outcome, target: 'retenção', ip: null, createdAt: new Date(Date.now() - ageDays * DAY) })
      .returning({ id: auditLog.id })
    return row!.id
  }

  it(`deletes refusals after ${AUDIT_RETENTION_DAYS.refusals} days and other rows after ${AUDIT_RETENTION_DAYS.other} days`, async () => {
    const oldRefusal = await insertAged('access_denied', 'denied', AUDIT_RETENTION_DAYS.refusals + 1)
    const recentRefusal = await insertAged('origin_denied', 'denied', AUDIT_RETENTION_DAYS.refusals - 1)
    const oldAdminAction = await insertAged('user_banned', 'success', AUDIT_RETENTION_DAYS.other + 1)
    const keptAdminAction = await insertAged('account_deleted', 'success', AUDIT_RETENTION_DAYS.refusals + 400)
    await purgeExpiredAudit(ctx.database)
    const left = (await ctx.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.target, 'retenção'))).map((row) => row.id)
    expect(left.sort()).toEqual([recentRefusal, keptAdminAction].sort())
    expect(left).not.toContain(oldRefusal)
    expect(left).not.toContain(oldAdminAction)
  })

  it('runs when the app starts', async () => {
    const aged = new Date(Date.now() - (AUDIT_RETENTION_DAYS.refusals + 5) * DAY)
    const other = await buildTestApp({
      beforeReady: async (app) => {
        await app.database.db.insert(auditLog).values({ action: 'access_denied', outcome: 'denied', target: 'antiga', ip: null, createdAt: aged })
      },
    })
    try {
      await vi.waitFor(
        async () => {
          const rows = await other.database.db.select().from(auditLog).where(eq(auditLog.target, 'antiga'))
          expect(rows).toEqual([])
        },
        { timeout: 10_000, interval: 50 },
      )
    } finally {
      await other.close()
    }
  })
})
