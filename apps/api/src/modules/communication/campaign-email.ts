import { escapeHtml, type EmailToSend } from '../../lib/mail/index.js'
import { emailDocument, emailNote, emailParagraph, emailParagraphHtml, greeting } from '../../lib/mail/layout.js'

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
}): EmailToSend {
  const opening = greeting(input.name)
  const unsubscribe = `Você recebe este e-mail porque se inscreveu no ${input.productName}. Para não receber mais, responda a esta mensagem (ou escreva para ${input.supportEmail}) pedindo o descadastro.`
  const text = [opening, '', input.body, '', '—', unsubscribe].join('\n')
  const html = emailDocument(input.productName, [
    emailParagraphHtml(`<strong>${escapeHtml(opening)}</strong>`),
    ...input.body.split(/\n{2,}/).map(emailParagraph),
    emailNote(unsubscribe),
  ])
  return { to: input.to, subject: input.subject, text, html, replyTo: input.supportEmail, kind: CAMPAIGN_EMAIL_KIND }
}
