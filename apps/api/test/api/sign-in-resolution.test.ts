import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { API } from '@sintonia/contract'
import { session } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, setBanned, setCookies } from '../helpers/auth.js'

/**
 * Sign-ins resolve through one prepared query when the signed cookie is valid and Better Auth would
 * change nothing (plugins/auth.ts); everything else goes through Better Auth. These pin down that
 * both paths answer as Better Auth alone did.
 */
let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie } })
const DAY_MS = 24 * 60 * 60 * 1000

async function signInRow(userId: string) {
  const [row] = await ctx.database.db.select().from(session).where(eq(session.userId, userId))
  return row
}

describe('resolving the sign-in of a request', () => {
  it('a fresh sign-in is recognised without touching its cookie', async () => {
    const account = await listener(ctx)
    const res = await me(account.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.id).toBe(account.userId)
    expect(setCookies(res)).toEqual([])
  })

  it('a cookie whose signature does not match is anonymous', async () => {
    const account = await listener(ctx)
    // Flip one character of the signature (the part after the last dot), keeping its length.
    const tampered = account.cookie.replace(/\.([A-Za-z0-9%+/]{10})/, (_whole, sig: string) => `.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)
    expect(tampered).not.toBe(account.cookie)
    expect((await me(tampered)).json().user).toBeNull()
    expect((await me(account.cookie)).statusCode).toBe(200)
  })

  it('a sign-in removed from the database ends on the next request', async () => {
    const account = await listener(ctx)
    expect((await me(account.cookie)).statusCode).toBe(200)
    await ctx.database.db.delete(session).where(eq(session.userId, account.userId))
    expect((await me(account.cookie)).json().user).toBeNull()
  })

  it('a ban written a moment ago counts on the next request', async () => {
    const account = await listener(ctx)
    expect((await me(account.cookie)).statusCode).toBe(200)
    await setBanned(ctx, account.userId)
    const res = await ctx.app.inject({ method: 'GET', url: API.listening.playlists, headers: { cookie: account.cookie } })
    expect(res.statusCode).toBe(403)
  })

  it('an expired sign-in is refused and its row removed (Better Auth); its cookie is not cleared', async () => {
    const account = await listener(ctx)
    await ctx.database.db.update(session).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(session.userId, account.userId))
    const res = await me(account.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ user: null })
    // The browser's cookie lasts as long as the sign-in did. A clearing Set-Cookie on a request sent
    // with the old sign-in could arrive after the new sign-in's answer and erase it.
    expect(setCookies(res)).toEqual([])
    expect(await signInRow(account.userId)).toBeUndefined()
  })

  it('a sign-in due for its sliding refresh gets a new expiry and a new cookie (Better Auth)', async () => {
    const account = await listener(ctx)
    // Better Auth's defaults: sign-ins (its sessions) last 7 days and are extended once a day of use has passed.
    await ctx.database.db.update(session).set({ expiresAt: sql`now() + interval '2 days'` }).where(eq(session.userId, account.userId))
    const res = await me(account.cookie)
    expect(res.statusCode).toBe(200)
    expect(setCookies(res).some((line) => /session_token=/.test(line))).toBe(true)
    const row = await signInRow(account.userId)
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS)
  })
})
