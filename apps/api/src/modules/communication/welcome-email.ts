import { interestLabel } from '@sintonia/contract'
import { escapeHtml, type EmailToSend } from '../../lib/mail/index.js'
import { emailButton, emailDocument, emailHeading, emailList, emailNote, emailParagraph, emailParagraphHtml } from '../../lib/mail/layout.js'

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

  const html = emailDocument(productName, [
    emailHeading(`Olá, ${firstName}!`),
    emailParagraphHtml(
      `Que bom ter você na lista do <strong>${escapeHtml(productName)}</strong>. A partir de agora você recebe conteúdos curtos para cuidar da sua mente, no seu ritmo.`,
    ),
    emailParagraphHtml('<strong>O que esperar:</strong>'),
    emailList(expectations),
    emailParagraph('Enquanto isso, experimente grátis um áudio guiado:'),
    emailButton('Ouvir a demonstração', demoUrl),
    emailNote(unsubscribe),
    emailParagraph(`Com carinho,\nEquipe ${productName}`),
  ])

  return {
    to: input.to,
    subject: `Bem-vindo(a) à lista do ${productName}!`,
    text,
    html,
    replyTo: supportEmail,
    kind: LEAD_WELCOME_KIND,
  }
}
