/**
 * The local mailbox of development (README › E-mails sem SMTP): without `SMTP_URL` every e-mail
 * stays in the outbox table, so someone trying the app on `npm start` could not open the access
 * link a purchase sends. `/dev/emails` shows the newest e-mails with their links, only when the
 * server runs in development without SMTP, and only to requests from this machine (an access link
 * opens an account: never to the network). Registered by app.ts only in that case.
 */
import type { FastifyPluginAsync } from 'fastify'
import { escapeHtml as e } from './html.js'
import { latestOutboxRows } from './repository.js'

export const DEV_MAILBOX_PATH = '/dev/emails'
const SHOWN = 50
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

const timeBr = (date: Date) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(date)

/** The e-mail's text with its addresses as links (they are what a tester needs to click). */
function withLinks(text: string): string {
  return e(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f3f8;color:#1d1b2c}main{max-width:760px;margin:0 auto;padding:24px 16px}h1{font-size:1.4rem;margin:0 0 4px}p.note{color:#5d5a70;margin:0 0 20px}article{background:#fff;border:1px solid #e2e0ec;border-radius:14px;padding:16px;margin:0 0 14px}h2{font-size:1.05rem;margin:0 0 4px}.meta{font-size:.85rem;color:#5d5a70;margin:0 0 10px;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0}a{color:#5b3df5}`

export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  app.get(DEV_MAILBOX_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex')
    if (!LOOPBACK.has(request.ip)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('A caixa de e-mails local só abre neste computador.')
    }
    const rows = await latestOutboxRows(app.database.db, SHOWN)
    const items = rows.length
      ? rows
          .map(
            (row) => `<article><h2>${e(row.subject)}</h2><p class="meta">Para ${e(row.to)} · ${e(timeBr(row.createdAt))} · ${e(row.kind)}</p><pre>${withLinks(row.text)}</pre></article>`,
          )
          .join('')
      : '<p>Nenhum e-mail ainda.</p>'
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>E-mails (local)</title><style>${STYLE}</style></head><body><main><h1>E-mails enviados (local)</h1><p class="note">Sem SMTP configurado, os e-mails ficam aqui, os ${SHOWN} mais recentes primeiro. Só em desenvolvimento e só neste computador.</p>${items}</main></body></html>`)
  })
}
