/** Mailbox proofs as a person does them: read the link from the e-mail in the outbox, open it. */
import { desc, sql } from 'drizzle-orm'
import { vi } from 'vitest'
import { API } from '@sintonia/contract'
import { emailOutbox } from '../../src/db/schema/index.js'
import type { TestContext } from './app.js'
import { cookieHeader, nextIp } from './auth.js'
import { rememberSecret } from '../support/log-capture.js'

/** The token of the newest e-mail to `to` whose text links to `page` (`/onboarding/definir-senha`, `/confirmar-email`). */
export async function tokenFromMail(ctx: TestContext, to: string, page: string): Promise<string | null> {
  const rows = await ctx.database.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = lower(${to})`)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
  for (const row of rows) {
    const match = new RegExp(`${page.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_.%-]+)`).exec(row.text)
    if (match?.[1]) {
      const token = decodeURIComponent(match[1])
      rememberSecret('mailbox link token', token)
      return token
    }
  }
  return null
}

export const accessLinkToken = (ctx: TestContext, to: string) => tokenFromMail(ctx, to, '/onboarding/definir-senha')
export const confirmationToken = (ctx: TestContext, to: string) => tokenFromMail(ctx, to, '/confirmar-email')

/**
 * Waits until the sign-up's confirmation e-mail to `to` is in the outbox: it is written after the
 * answer, so a test comparing the database before and after something else starts from here.
 */
export async function confirmationSent(ctx: TestContext, to: string): Promise<void> {
  await vi.waitFor(async () => {
    if (!(await confirmationToken(ctx, to))) throw new Error(`sem e-mail de confirmação para ${to}`)
  })
}

/** Opens the newest confirmation link sent to `email` (sign-up or e-mail change). */
export async function confirmEmail(ctx: TestContext, email: string) {
  const token = await confirmationToken(ctx, email)
  if (!token) throw new Error(`nenhum e-mail de confirmação para ${email}`)
  return ctx.app.inject({ method: 'POST', url: API.accounts.verifyEmail, payload: { token }, remoteAddress: nextIp() })
}

/** Uses the newest access link sent to `email` to choose `password`; returns the answer and its sign-in cookie. */
export async function useAccessLink(ctx: TestContext, email: string, password = 'senha-do-dono-1') {
  const token = await accessLinkToken(ctx, email)
  if (!token) throw new Error(`nenhum link de acesso para ${email}`)
  rememberSecret('password', password)
  const res = await ctx.app.inject({
    method: 'POST',
    url: API.accounts.onboardingPassword,
    payload: { token, password, confirmPassword: password },
    remoteAddress: nextIp(),
  })
  return { res, cookie: cookieHeader(res), token }
}

/**
 * Proves the mailbox the way a person does since ADR 023: opens the newest confirmation link sent
 * to `email`, then chooses `password` with the access link its answer carries (the sign-ins and
 * password from before the proof are gone). Returns the confirmation's answer and the new sign-in.
 */
export async function confirmAndChoosePassword(ctx: TestContext, email: string, password: string) {
  const confirmed = await confirmEmail(ctx, email)
  if (confirmed.statusCode !== 200) throw new Error(`confirmação falhou: ${confirmed.statusCode} ${confirmed.body}`)
  const token = (confirmed.json() as { accessToken: string | null }).accessToken
  if (!token) throw new Error(`a confirmação de ${email} não trouxe um link de acesso`)
  rememberSecret('access link token', token)
  rememberSecret('password', password)
  const chosen = await ctx.app.inject({
    method: 'POST',
    url: API.accounts.onboardingPassword,
    payload: { token, password, confirmPassword: password },
    remoteAddress: nextIp(),
  })
  if (chosen.statusCode !== 201) throw new Error(`senha não definida: ${chosen.statusCode} ${chosen.body}`)
  return { confirmed, chosen, cookie: cookieHeader(chosen) }
}
