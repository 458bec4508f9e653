import { interestLabel } from '@sintonia/contract'
import { escapeHtml, type EmailToSend } from '../../lib/mail/index.js'

export const LEAD_WELCOME_KIND = 'lead_welcome'

export interface WelcomeEmailInput {
  to: string
  name: string
  interestField: string | null
  productName: string
  /** Replies (unsubscribe, LGPD requests) go here. */
  supportEmail: string
  publicUrl: string
}

/** The welcome e-mail a new lead receives (pt-BR, plain text plus a simple HTML version). */
export function buildLeadWelcomeEmail(input: WelcomeEmailInput): EmailToSend {
  const { productName, publicUrl, supportEmail } = input
  const firstName = input.name.trim().split(/\s+/)[0] ?? input.name
  const demoUrl = `${publicUrl}/demo`
  const interest = interestLabel(input.interestField)

  const expectations = [
    'Áudios guiados e dicas práticas de reprogramação mental para o seu dia a dia;',
    ...(interest ? [`Conteúdos sobre ${interest}, a área que você escolheu;`] : []),
    'Novidades e condições especiais em primeira mão;',
    'Poucas mensagens: só escrevemos quando temos algo útil para você.',
  ]
  const unsubscribe = `Não quer mais receber nossos e-mails? Basta responder a esta mensagem (ou escrever para ${supportEmail}) pedindo o descadastro. Da mesma forma, você pode pedir acesso, correção ou exclusão dos seus dados pessoais, como garante a LGPD.`

  const text = [
    `Olá, ${firstName}!`,
    '',
    `Que bom ter você na lista do ${productName}. A partir de agora você recebe conteúdos curtos para cuidar da sua mente, no seu ritmo.`,
    '',
    'O que esperar:',
    ...expectations.map((item) => `- ${item}`),
    '',
    'Enquanto isso, experimente grátis um áudio guiado:',
    demoUrl,
    '',
    unsubscribe,
    '',
    'Com carinho,',
    `Equipe ${productName}`,
  ].join('\n')

  const p = 'margin:0 0 16px;line-height:1.5'
  const html = [
    '<!doctype html>',
    '<html lang="pt-BR"><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    `<h1 style="margin:0 0 16px;font-size:22px">Olá, ${escapeHtml(firstName)}!</h1>`,
    `<p style="${p}">Que bom ter você na lista do <strong>${escapeHtml(productName)}</strong>. A partir de agora você recebe conteúdos curtos para cuidar da sua mente, no seu ritmo.</p>`,
    `<p style="margin:0 0 8px;font-weight:bold">O que esperar:</p>`,
    `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${expectations.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    `<p style="${p}">Enquanto isso, experimente grátis um áudio guiado:</p>`,
    `<p style="margin:0 0 24px"><a href="${escapeHtml(demoUrl)}" style="display:inline-block;background:#6d4aff;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px">Ouvir a demonstração</a></p>`,
    `<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#5c5a6b">${escapeHtml(unsubscribe)}</p>`,
    `<p style="margin:0;line-height:1.5">Com carinho,<br>Equipe ${escapeHtml(productName)}</p>`,
    '</div></body></html>',
  ].join('\n')

  return {
    to: input.to,
    subject: `Bem-vindo(a) à lista do ${productName}!`,
    text,
    html,
    replyTo: supportEmail,
    kind: LEAD_WELCOME_KIND,
  }
}
