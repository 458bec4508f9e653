/**
 * The local mailbox of development (lib/mail/dev-mailbox-routes.ts): without SMTP a purchase's
 * access link can be read at /dev/emails — only in development, only from this machine.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../helpers/app.js'

const opened: TestContext[] = []
afterAll(async () => {
  for (const ctx of opened) await ctx.close()
})

async function appWith(env: Record<string, string>) {
  const ctx = await buildTestApp({ env })
  opened.push(ctx)
  return ctx
}

describe('local mailbox', () => {
  it('in development without SMTP, shows the newest e-mails with their links to this machine only', async () => {
    const ctx = await appWith({ NODE_ENV: 'development' })
    const link = `${ctx.config.publicUrl}/onboarding/definir-senha?token=abc123`
    await ctx.app.mailer.enqueue(ctx.database.db, { to: 'paula@exemplo.com.br', subject: 'Seu acesso <chegou>', text: `Olá!\n\nCrie sua senha: ${link}\n`, html: null, kind: 'access_link' })
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/emails', remoteAddress: '127.0.0.1' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('Seu acesso &lt;chegou&gt;')
    expect(page.body).toContain('Para paula@exemplo.com.br')
    expect(page.body).toContain(`<a href="${link}">${link}</a>`)
    const remote = await ctx.app.inject({ method: 'GET', url: '/dev/emails', remoteAddress: '192.168.0.20' })
    expect(remote.statusCode).toBe(403)
    expect(remote.body).not.toContain('abc123')
  })

  it('does not exist with SMTP configured, or outside development', async () => {
    const withSmtp = await appWith({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' })
    expect((await withSmtp.app.inject({ method: 'GET', url: '/dev/emails', remoteAddress: '127.0.0.1' })).statusCode).toBe(404)
    const testing = await appWith({})
    expect((await testing.app.inject({ method: 'GET', url: '/dev/emails', remoteAddress: '127.0.0.1' })).statusCode).toBe(404)
  })
})
