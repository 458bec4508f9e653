import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { TestContext } from './app.js'
import { admin, listener, seedSubscription, type Account } from './auth.js'

/** A signed-in listener with an active subscription (made through the real sign-up route). */
export async function subscriber(ctx: TestContext, body: Record<string, unknown> = {}): Promise<Account> {
  const account = await listener(ctx, body)
  await seedSubscription(ctx, account.userId)
  return account
}

/** The four callers every listener-area route is checked against. */
export interface Cast {
  listener: Account
  subscriber: Account
  admin: Account
}

export async function castOf(ctx: TestContext): Promise<Cast> {
  return { listener: await listener(ctx), subscriber: await subscriber(ctx), admin: await admin(ctx) }
}

/** app.inject carrying the account's sign-in cookie (none for an anonymous call). */
export function callAs(ctx: TestContext, account: Account | null, options: InjectOptions): Promise<LightMyRequestResponse> {
  const headers = { ...(options.headers ?? {}), ...(account ? { cookie: account.cookie } : {}) }
  return ctx.app.inject({ ...options, headers })
}

/**
 * The access rule of a 'subscriber' route: anonymous 401, listener without subscription 403,
 * subscriber and admin let through. Returns the four status codes in that order.
 */
export async function accessStatuses(ctx: TestContext, cast: Cast, options: InjectOptions): Promise<number[]> {
  const statuses: number[] = []
  for (const who of [null, cast.listener, cast.subscriber, cast.admin]) statuses.push((await callAs(ctx, who, options)).statusCode)
  return statuses
}
