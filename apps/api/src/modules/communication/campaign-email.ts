import { escapeHtml } from '../../lib/mail/index.js'
import type { CampaignMessage } from './campaigns-repository.js'

export const CAMPAIGN_EMAIL_KIND = 'campaign'

/**
 * One recipient's copy of a campaign: the admin's text as typed (paragraphs kept), a greeting with
 * the person's first name, and the way out (reply to unsubscribe), which the LGPD consent promised.
 */
export function buildCampaignEmail(input: {
  to: string
  name: string
  subject: string
  body: string
  productName: string
  supportEmail: string
}): CampaignMessage {
  const firstName = input.name.trim().split(/\s+/)[0] || ''
  const greeting = firstName ? `Olá, ${firstName}!` : 'Olá!'
  const unsubscribe = `Você recebe este e-mail porque se inscreveu no ${input.productName}. Para não receber mais, responda a esta mensagem (ou escreva para ${input.supportEmail}) pedindo o descadastro.`
  const text = [greeting, '', input.body, '', '—', unsubscribe].join('\n')
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
  const html = [
    '<!doctype html>',
    '<html lang="pt-BR"><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${escapeHtml(greeting)}</p>`,
    ...paragraphs,
    `<p style="margin:24px 0 0;line-height:1.5;font-size:13px;color:#5c5a6b">${escapeHtml(unsubscribe)}</p>`,
    '</div></body></html>',
  ].join('\n')
  return { to: input.to, subject: input.subject, text, html, replyTo: input.supportEmail }
}
