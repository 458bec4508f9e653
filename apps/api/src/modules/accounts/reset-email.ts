import { escapeHtml, type EmailToSend } from '../../lib/mail/index.js'
import { emailButton, emailDocument, emailHeading, emailNote, emailParagraph, emailParagraphHtml } from '../../lib/mail/layout.js'

export const PASSWORD_RESET_KIND = 'password_reset'
/** The web page that reads ?token= and asks for the new password. */
export const RESET_PASSWORD_PAGE = '/redefinir-senha'

export interface ResetEmailInput {
  to: string
  name: string
  token: string
  productName: string
  supportEmail: string
  publicUrl: string
  validMinutes: number
}

export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`
}

/** The pt-BR password-reset e-mail (plain text plus a simple HTML version). */
export function buildPasswordResetEmail(input: ResetEmailInput): EmailToSend {
  const { productName, supportEmail } = input
  const link = resetPasswordLink(input.publicUrl, input.token)
  const firstName = input.name.trim().split(/\s+/)[0] || input.name
  const ignore = `Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma. Dúvidas? Escreva para ${supportEmail}.`
  const text = [
    `Olá, ${firstName}!`,
    '',
    `Recebemos um pedido para redefinir a senha da sua conta no ${productName}. Para criar uma nova senha, abra o link abaixo (válido por ${input.validMinutes} minutos):`,
    '',
    link,
    '',
    'Ao redefinir a senha, você será desconectado de todos os aparelhos e entrará de novo com a nova senha.',
    '',
    ignore,
    '',
    `Equipe ${productName}`,
  ].join('\n')
  const html = emailDocument(productName, [
    emailHeading(`Olá, ${firstName}!`),
    emailParagraphHtml(
      `Recebemos um pedido para redefinir a senha da sua conta no <strong>${escapeHtml(productName)}</strong>. O link vale por ${input.validMinutes} minutos.`,
    ),
    emailButton('Criar nova senha', link),
    emailParagraph('Ao redefinir a senha, você será desconectado de todos os aparelhos e entrará de novo com a nova senha.'),
    emailNote(ignore),
    emailParagraph(`Equipe ${productName}`),
  ])
  return {
    to: input.to,
    subject: `Redefinição de senha — ${productName}`,
    text,
    html,
    replyTo: supportEmail,
    kind: PASSWORD_RESET_KIND,
  }
}
