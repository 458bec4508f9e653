/** pt-BR e-mails of the commerce area: payment receipt and the guarantee decisions. */
import { formatMoney } from '@sintonia/contract'
import { escapeHtml, type EmailToSend } from '../../lib/mail/index.js'

export const EMAIL_KINDS = {
  receipt: 'payment_receipt',
  refundApproved: 'refund_approved',
  refundRejected: 'refund_rejected',
  purchaseClaim: 'purchase_claim',
} as const

interface Common {
  to: string
  productName: string
  supportEmail: string
  publicUrl: string
}

const dateBr = (date: Date) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(date)

/** Plain text plus a simple HTML version with the same lines and one button. */
function compose(common: Common, subject: string, kind: string, lines: string[], action: { label: string; url: string }): EmailToSend {
  const text = [...lines, '', `${action.label}: ${action.url}`, '', `Dúvidas? Responda a este e-mail ou escreva para ${common.supportEmail}.`, '', `Equipe ${common.productName}`].join('\n')
  const paragraphs = lines.filter((line) => line !== '').map((line) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(line)}</p>`)
  const html = [
    '<!doctype html>',
    '<html lang="pt-BR"><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    ...paragraphs,
    `<p style="margin:16px 0 24px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#6d4aff;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>`,
    `<p style="margin:0 0 12px;font-size:13px;color:#5c5a6b">Dúvidas? Responda a este e-mail ou escreva para ${escapeHtml(common.supportEmail)}.</p>`,
    `<p style="margin:0">Equipe ${escapeHtml(common.productName)}</p>`,
    '</div></body></html>',
  ].join('\n')
  return { to: common.to, subject, text, html, replyTo: common.supportEmail, kind }
}

export function buildReceiptEmail(
  input: Common & { planName: string; amountCents: number; currency: string; paidAt: Date; periodEnd: Date | null; method: 'card' | 'pix'; renewal: boolean },
): EmailToSend {
  const amount = formatMoney(input.amountCents, input.currency)
  const lines = [
    'Olá!',
    '',
    input.renewal
      ? `Recebemos a renovação da sua assinatura do ${input.productName}. Obrigado por continuar com a gente.`
      : `Seu pagamento foi confirmado e sua assinatura do ${input.productName} está ativa.`,
    '',
    `Plano: ${input.planName}`,
    `Valor: ${amount} (${input.method === 'pix' ? 'Pix' : 'cartão'})`,
    `Data do pagamento: ${dateBr(input.paidAt)}`,
    ...(input.periodEnd ? [`Acesso garantido até: ${dateBr(input.periodEnd)}`] : []),
  ]
  return compose(input, `Pagamento confirmado — ${input.productName} ${input.planName}`, EMAIL_KINDS.receipt, lines, {
    label: 'Acessar meus áudios',
    url: `${input.publicUrl}/dashboard`,
  })
}

export function buildRefundApprovedEmail(input: Common & { planName: string; amountCents: number | null; currency: string }): EmailToSend {
  const lines = [
    'Olá!',
    '',
    `Seu pedido de reembolso da assinatura ${input.planName} foi aprovado.`,
    input.amountCents
      ? `O valor de ${formatMoney(input.amountCents, input.currency)} será devolvido pelo mesmo meio de pagamento; o prazo depende do seu banco ou operadora.`
      : 'O valor será devolvido pelo mesmo meio de pagamento; o prazo depende do seu banco ou operadora.',
    'Sua assinatura foi encerrada. Se quiser voltar, é só escolher um plano novamente.',
  ]
  return compose(input, `Reembolso aprovado — ${input.productName}`, EMAIL_KINDS.refundApproved, lines, {
    label: 'Ver planos',
    url: `${input.publicUrl}/assinatura`,
  })
}

export function buildRefundRejectedEmail(input: Common & { planName: string; reason: string }): EmailToSend {
  const lines = [
    'Olá!',
    '',
    `Analisamos seu pedido de reembolso da assinatura ${input.planName} e não foi possível aprová-lo.`,
    `Motivo: ${input.reason}`,
    'Sua assinatura continua ativa normalmente.',
  ]
  return compose(input, `Sobre seu pedido de reembolso — ${input.productName}`, EMAIL_KINDS.refundRejected, lines, {
    label: 'Minha assinatura',
    url: `${input.publicUrl}/assinatura`,
  })
}

/**
 * Pay-first: the purchase waits for its owner. The link carries the checkout session id, which is
 * what proves the purchase (the e-mail alone does not), so a buyer who closed the tab can still
 * create the password — or, if an account already has this e-mail, sign in to attach it.
 */
export function buildPurchaseClaimEmail(input: Common & { planName: string; sessionId: string; accountExists: boolean }): EmailToSend {
  const query = `email=${encodeURIComponent(input.to)}&session_id=${encodeURIComponent(input.sessionId)}`
  const lines = [
    'Olá!',
    '',
    `Recebemos o pagamento do plano ${input.planName} do ${input.productName}.`,
    input.accountExists
      ? 'Já existe uma conta com este e-mail: entre nela pelo link abaixo para ligar a assinatura à sua conta.'
      : 'Falta só um passo: crie sua senha pelo link abaixo para começar a ouvir.',
    'Se você já fez isso, pode ignorar esta mensagem.',
  ]
  return compose(input, `Falta pouco: ative seu acesso ao ${input.productName}`, EMAIL_KINDS.purchaseClaim, lines, {
    label: input.accountExists ? 'Entrar e ativar' : 'Criar minha senha',
    url: input.accountExists ? `${input.publicUrl}/login?${query}` : `${input.publicUrl}/onboarding/definir-senha?${query}`,
  })
}
