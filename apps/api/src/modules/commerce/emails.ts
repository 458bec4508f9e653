/** pt-BR e-mails of the commerce area: payment receipt and the guarantee decisions. */
import { formatCalendarDay, formatMoney, paidWithLabel, type PaymentMethod, type RefundBankAccount } from '@sintonia/contract'
import type { EmailToSend } from '../../lib/mail/index.js'
import { composeEmail, type EmailCommon } from '../../lib/mail/layout.js'

export const EMAIL_KINDS = {
  receipt: 'payment_receipt',
  refundApproved: 'refund_approved',
  refundRejected: 'refund_rejected',
  renewalNotice: 'renewal_notice',
  renewalFailed: 'renewal_failed',
  gift: 'gift_delivery',
  giftPaid: 'gift_paid',
  giftRedeemed: 'gift_redeemed',
} as const

type Common = EmailCommon

const dateBr = (date: Date) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(date)



export function buildReceiptEmail(
  input: Common & {
    planName: string
    amountCents: number
    currency: string
    paidAt: Date
    periodEnd: Date | null
    method: PaymentMethod
    installments: number | null
    installmentsWithInterest: boolean
    renewal: boolean
  },
): EmailToSend {
  const amount = formatMoney(input.amountCents, input.currency)
  const lines = [
    input.renewal
      ? `Recebemos a renovação da sua assinatura do ${input.productName}. Obrigado por continuar com a gente.`
      : `Seu pagamento foi confirmado e sua assinatura do ${input.productName} está ativa.`,
    '',
    `Plano: ${input.planName}`,
    `Valor: ${amount}`,
    `Forma de pagamento: ${paidWithLabel(input.method, input.amountCents, input.installments, input.installmentsWithInterest)}`,
    `Data do pagamento: ${dateBr(input.paidAt)}`,
    ...(input.periodEnd ? [`Acesso garantido até: ${dateBr(input.periodEnd)}`] : []),
  ]
  return composeEmail(input, `Pagamento confirmado — ${input.productName} ${input.planName}`, EMAIL_KINDS.receipt, lines, {
    label: 'Acessar meus áudios',
    url: `${input.publicUrl}/dashboard`,
  })
}

/** What the subscriber does (or not) for a renewal paid by `method`. */
function renewalHowTo(method: PaymentMethod | null): string {
  if (method === 'pix') {
    return 'Você não precisa fazer nada: o valor será debitado por Pix Automático, conforme a autorização que você deu no seu banco (o banco avisa antes do débito). Para trocar de plano ou cancelar, acesse sua assinatura antes dessa data.'
  }
  if (method === 'boleto') {
    return 'O boleto desta renovação já pode ser pago: abra sua assinatura e toque em "Pagar a renovação" (boleto ou Pix). Pagando até essa data, seu acesso continua sem interrupção. Para trocar de plano ou cancelar, acesse sua assinatura antes dessa data.'
  }
  return 'Você não precisa fazer nada: a cobrança é automática. Para trocar de plano, mudar a forma de pagamento ou cancelar, acesse sua assinatura antes dessa data.'
}

/**
 * A renewal that was not paid (card refused, Pix Automático not debited, boleto to pay): the
 * period can be paid by Pix or boleto, and access lasts until `graceEndsAt`.
 */
export function buildRenewalFailedEmail(input: Common & { planName: string; amountCents: number | null; currency: string; graceEndsAt: Date }): EmailToSend {
  const lines = [
    `Não conseguimos receber a renovação da sua assinatura ${input.planName} do ${input.productName}.`,
    '',
    ...(input.amountCents ? [`Valor: ${formatMoney(input.amountCents, input.currency)}`] : []),
    `Seu acesso continua até ${dateBr(input.graceEndsAt)}.`,
    '',
    'Para continuar praticando, pague este período por Pix ou boleto na página da sua assinatura. Leva um minuto.',
  ]
  return composeEmail(input, `Pagamento pendente — ${input.productName}`, EMAIL_KINDS.renewalFailed, lines, {
    label: 'Pagar agora',
    url: `${input.publicUrl}/assinatura`,
  })
}

/** A renewal coming (RENEWAL_NOTICE_DAYS ahead): what will be charged, when and how. */
export function buildRenewalNoticeEmail(
  input: Common & {
    planName: string
    amountCents: number
    currency: string
    renewsAt: Date
    method: PaymentMethod | null
    installments: number | null
    installmentsWithInterest: boolean
  },
): EmailToSend {
  const lines = [
    `Sua assinatura ${input.planName} do ${input.productName} renova em ${dateBr(input.renewsAt)}.`,
    '',
    `Valor: ${formatMoney(input.amountCents, input.currency)}`,
    ...(input.method ? [`Forma de pagamento: ${paidWithLabel(input.method, input.amountCents, input.installments, input.installmentsWithInterest)}`] : []),
    '',
    renewalHowTo(input.method),
  ]
  return composeEmail(input, `Sua assinatura do ${input.productName} renova em ${dateBr(input.renewsAt)}`, EMAIL_KINDS.renewalNotice, lines, {
    label: 'Ver minha assinatura',
    url: `${input.publicUrl}/assinatura`,
  })
}

/** How the money goes back, per method (docs/payments.md, guarantee). */
function refundHowTo(amount: string, method: PaymentMethod | null, account: RefundBankAccount | null): string {
  if (method === 'pix') return `${amount} será devolvido por Pix para a conta de onde saiu o pagamento, normalmente no mesmo dia.`
  if (method === 'boleto' && account) {
    return `${amount} será transferido para a conta que você informou (banco ${account.bankCode}, agência ${account.agency}, conta ${account.account}) em até 3 dias úteis.`
  }
  if (method === 'card') return `${amount} será estornado no seu cartão; o crédito aparece em até duas faturas, conforme a operadora.`
  return `${amount} será devolvido pelo mesmo meio de pagamento; o prazo depende do seu banco ou operadora.`
}

export function buildRefundApprovedEmail(
  input: Common & { planName: string; amountCents: number | null; currency: string; method: PaymentMethod | null; account: RefundBankAccount | null },
): EmailToSend {
  const amount = input.amountCents ? `O valor de ${formatMoney(input.amountCents, input.currency)}` : 'O valor'
  const lines = [
    `Seu pedido de reembolso da assinatura ${input.planName} foi aprovado.`,
    refundHowTo(amount, input.method, input.account),
    'Sua assinatura foi encerrada. Se quiser voltar, é só escolher um plano novamente.',
  ]
  return composeEmail(input, `Reembolso aprovado — ${input.productName}`, EMAIL_KINDS.refundApproved, lines, {
    label: 'Ver planos',
    url: `${input.publicUrl}/assinatura`,
  })
}

export function buildRefundRejectedEmail(input: Common & { planName: string; reason: string }): EmailToSend {
  const lines = [
    `Analisamos seu pedido de reembolso da assinatura ${input.planName} e não foi possível aprová-lo.`,
    `Motivo: ${input.reason}`,
    'Sua assinatura continua ativa normalmente.',
  ]
  return composeEmail(input, `Sobre seu pedido de reembolso — ${input.productName}`, EMAIL_KINDS.refundRejected, lines, {
    label: 'Minha assinatura',
    url: `${input.publicUrl}/assinatura`,
  })
}

/**
 * The gift itself, on its day, to the recipient: who sent it, their message (as typed, escaped by
 * the layout), the plan, and the gift link that opens or creates the account and starts the plan.
 */
export function buildGiftEmail(input: Common & { fromName: string; planName: string; months: number; message: string; token: string }): EmailToSend {
  const months = input.months === 1 ? '1 mês' : `${input.months} meses`
  const lines = [
    `${input.fromName} te deu um presente: o plano ${input.planName} do ${input.productName}, com ${months} de áudios guiados para praticar todos os dias.`,
    ...(input.message ? ['', `Mensagem de ${input.fromName}:`, input.message] : []),
    '',
    'Toque no botão para resgatar: você entra na sua conta (ou cria uma em um minuto) e o plano começa na hora.',
  ]
  return composeEmail(
    input,
    `${input.fromName} te deu um presente — ${input.productName}`,
    EMAIL_KINDS.gift,
    lines,
    { label: 'Resgatar meu presente', url: `${input.publicUrl}/presente/${input.token}` },
    'Este link é só seu: quem o tiver pode resgatar o presente. Não encaminhe este e-mail.',
  )
}

/** To the buyer once the gift is paid: what was bought, for whom, and when it will be delivered. */
export function buildGiftPaidEmail(
  input: Common & { planName: string; recipientName: string; recipientEmail: string; deliverOn: string; amountCents: number; currency: string; method: PaymentMethod; installments: number | null; installmentsWithInterest: boolean; guaranteeDays: number },
): EmailToSend {
  const lines = [
    `Seu presente para ${input.recipientName} está pago.`,
    '',
    `Plano: ${input.planName}`,
    `Para: ${input.recipientName} (${input.recipientEmail})`,
    `Entrega: ${formatCalendarDay(input.deliverOn)}, por e-mail`,
    `Valor: ${formatMoney(input.amountCents, input.currency)}`,
    `Forma de pagamento: ${paidWithLabel(input.method, input.amountCents, input.installments, input.installmentsWithInterest)}`,
    '',
    `Enquanto o presente não for resgatado, você pode pedir o reembolso em até ${input.guaranteeDays} dias.`,
  ]
  return composeEmail(input, `Presente confirmado — ${input.productName} ${input.planName}`, EMAIL_KINDS.giftPaid, lines, {
    label: 'Acompanhar meus presentes',
    url: `${input.publicUrl}/presentear`,
  })
}

/** To the buyer when the recipient redeemed the gift. */
export function buildGiftRedeemedEmail(input: Common & { planName: string; recipientName: string }): EmailToSend {
  const lines = [`${input.recipientName} resgatou o seu presente: o plano ${input.planName} do ${input.productName} já está ativo. Obrigado por compartilhar essa prática.`]
  return composeEmail(input, `Seu presente foi resgatado — ${input.productName}`, EMAIL_KINDS.giftRedeemed, lines, {
    label: 'Ver meus presentes',
    url: `${input.publicUrl}/presentear`,
  })
}
