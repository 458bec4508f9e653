import { escapeHtml, type EmailToSend } from '../../lib/mail/index.js'

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
  const p = 'margin:0 0 16px;line-height:1.5'
  const html = [
    '<!doctype html>',
    '<html lang="pt-BR"><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    `<h1 style="margin:0 0 16px;font-size:22px">Olá, ${escapeHtml(firstName)}!</h1>`,
    `<p style="${p}">Recebemos um pedido para redefinir a senha da sua conta no <strong>${escapeHtml(productName)}</strong>. O link vale por ${input.validMinutes} minutos.</p>`,
    `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#6d4aff;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px">Criar nova senha</a></p>`,
    `<p style="${p}">Ao redefinir a senha, você será desconectado de todos os aparelhos e entrará de novo com a nova senha.</p>`,
    `<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#5c5a6b">${escapeHtml(ignore)}</p>`,
    `<p style="margin:0;line-height:1.5">Equipe ${escapeHtml(productName)}</p>`,
    '</div></body></html>',
  ].join('\n')
  return {
    to: input.to,
    subject: `Redefinição de senha — ${productName}`,
    text,
    html,
    replyTo: supportEmail,
    kind: PASSWORD_RESET_KIND,
  }
}
