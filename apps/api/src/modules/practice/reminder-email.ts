/**
 * The e-mail reminder (docs/product/practice.md#reminders): today's session, a button to it, and a
 * one-click way out that needs no login — the link in the text and the List-Unsubscribe /
 * List-Unsubscribe-Post headers (RFC 2369, RFC 8058) mail apps show as "Cancelar inscrição".
 */
import { API, PRACTICE_MSG } from '@sintonia/contract'
import type { EmailToSend } from '../../lib/mail/index.js'
import { emailButton, emailDocument, emailNote, emailParagraph, emailParagraphHtml, greeting, type EmailCommon } from '../../lib/mail/layout.js'
import { escapeHtml } from '../../lib/mail/html.js'

export const REMINDER_EMAIL_KIND = 'practice_reminder'

/** The page a reminder opens: today's session, marked as opened from this delivery. */
export const reminderTodayUrl = (publicUrl: string, deliveryId: string) => `${publicUrl}/hoje?lembrete=${encodeURIComponent(deliveryId)}`

/** The no-login unsubscribe link: GET shows /lembretes/cancelados, POST is the mail app's one click. */
export const reminderUnsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}${API.practice.unsubscribe}?token=${encodeURIComponent(token)}`

export function buildReminderEmail(input: EmailCommon & { name: string; body: string; deliveryId: string; unsubscribeToken: string }): EmailToSend {
  const opening = greeting(input.name)
  const todayUrl = reminderTodayUrl(input.publicUrl, input.deliveryId)
  const unsubscribeUrl = reminderUnsubscribeUrl(input.publicUrl, input.unsubscribeToken)
  const why = `Você recebe este lembrete porque pediu lembretes por e-mail no ${input.productName}. Você pode mudar o horário e os dias em Minha conta.`
  const text = [
    opening,
    '',
    input.body,
    '',
    `Começar agora: ${todayUrl}`,
    '',
    why,
    `Não quer mais lembretes por e-mail? Cancele com um clique: ${unsubscribeUrl}`,
    '',
    `Equipe ${input.productName}`,
  ].join('\n')
  const html = emailDocument(input.productName, [
    emailParagraph(opening),
    emailParagraph(input.body),
    emailButton('Começar agora', todayUrl),
    emailNote(why),
    emailParagraphHtml(
      `<span style="font-size:13px;color:#5c5a6b">Não quer mais lembretes por e-mail? <a href="${escapeHtml(unsubscribeUrl)}" style="color:#5c5a6b">Cancelar lembretes por e-mail</a></span>`,
    ),
    `<p style="margin:0">Equipe ${escapeHtml(input.productName)}</p>`,
  ])
  return {
    to: input.to,
    subject: PRACTICE_MSG.reminderEmailSubject,
    text,
    html,
    replyTo: input.supportEmail,
    kind: REMINDER_EMAIL_KIND,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
