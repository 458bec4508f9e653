/** pt-BR e-mails of the commerce area: payment receipt and the guarantee decisions. */
import { formatMoney, paidWithLabel, type PaymentMethod } from '@sintonia/contract'
import type { EmailToSend } from '../../lib/mail/index.js'
import { composeEmail, type EmailCommon } from '../../lib/mail/layout.js'

export const EMAIL_KINDS = {
  receipt: 'payment_receipt',
  refundApproved: 'refund_approved',
  refundRejected: 'refund_rejected',
  renewalNotice: 'renewal_notice',
} as const

type Common = EmailCommon

const dateBr = (date: Date) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(date)



export function buildReceiptEmail(
  input: Common & { planName: string; amountCents: number; currency: string; paidAt: Date; periodEnd: Date | null; method: PaymentMethod; installments: number | null; renewal: boolean },
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
    `Valor: ${amount}`,
    `Forma de pagamento: ${paidWithLabel(input.method, input.amountCents, input.installments)}`,
    `Data do pagamento: ${dateBr(input.paidAt)}`,
    ...(input.periodEnd ? [`Acesso garantido até: ${dateBr(input.periodEnd)}`] : []),
  ]
  return composeEmail(input, `Pagamento confirmado — ${input.productName} ${input.planName}`, EMAIL_KINDS.receipt, lines, {
    label: 'Acessar meus áudios',
    url: `${input.publicUrl}/dashboard`,
  })
}

/** A renewal coming (RENEWAL_NOTICE_DAYS ahead): what will be charged, when and how. */
export function buildRenewalNoticeEmail(
  input: Common & { planName: string; amountCents: number; currency: string; renewsAt: Date; method: PaymentMethod | null; installments: number | null },
): EmailToSend {
  const lines = [
    'Olá!',
    '',
    `Sua assinatura ${input.planName} do ${input.productName} renova em ${dateBr(input.renewsAt)}.`,
    '',
    `Valor: ${formatMoney(input.amountCents, input.currency)}`,
    ...(input.method ? [`Forma de pagamento: ${paidWithLabel(input.method, input.amountCents, input.installments)}`] : []),
    '',
    'Você não precisa fazer nada: a cobrança é automática. Para trocar de plano, mudar a forma de pagamento ou cancelar, acesse sua assinatura antes dessa data.',
  ]
  return composeEmail(input, `Sua assinatura do ${input.productName} renova em ${dateBr(input.renewsAt)}`, EMAIL_KINDS.renewalNotice, lines, {
    label: 'Ver minha assinatura',
    url: `${input.publicUrl}/assinatura`,
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
  return composeEmail(input, `Reembolso aprovado — ${input.productName}`, EMAIL_KINDS.refundApproved, lines, {
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
  return composeEmail(input, `Sobre seu pedido de reembolso — ${input.productName}`, EMAIL_KINDS.refundRejected, lines, {
    label: 'Minha assinatura',
    url: `${input.publicUrl}/assinatura`,
  })
}
