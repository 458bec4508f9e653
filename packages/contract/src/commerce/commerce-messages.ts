/**
 * pt-BR texts of the commerce area: payment form, subscription and payment errors, as
 * docs/product/commerce.md quotes them. The decline codes without an original text
 * (insufficient_funds, invalid_cvc, …) follow the card_declined sentence's tone.
 */
export const COMMERCE_MSG = {
  // Subscription
  checkSubscriptionFailed: 'Erro ao verificar assinatura. Tente novamente.',
  createSubscriptionFailed: 'Erro ao criar assinatura',
  createSubscriptionRetry: 'Erro ao criar assinatura. Tente novamente.',
  portalFailed: 'Erro ao abrir portal do cliente',
  preparingPayment: 'Preparando pagamento seguro...',
  redirectingToPayment: 'Redirecionando para pagamento...',
  openNow: 'Abrir agora',
  openPortal: 'Abrir portal',
  openingPortal: 'Abrindo portal de gerenciamento...',
  redirecting: 'Redirecionando...',
  // Other payment errors
  missingPaymentUrl: 'Erro interno: URL de pagamento não recebida',
  internalServerError: 'Erro interno do servidor',
  missingCheckoutId: 'ID da sessão não encontrado',
  verifyPaymentFailed: 'Erro ao verificar pagamento',
  verifyPaymentUnexpected: 'Erro inesperado ao verificar pagamento',
  paymentNotVerifiable: 'Não foi possível verificar o pagamento',
  passwordSetupFailed: 'Erro ao definir senha',
  // Payment form (several messages are joined with '. ')
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email deve ter um formato válido',
  nameRequired: 'Nome completo é obrigatório',
  nameTooShort: 'Nome deve ter pelo menos 2 caracteres',
  // Promotion data (admin)
  discountRange: 'Desconto deve ser entre 1% e 100%',
  promotionEndRequired: 'Data de fim da promoção é obrigatória',
  promotionEndFuture: 'Data de fim deve ser no futuro',
  originalPricePositive: 'Preço original deve ser maior que zero',
  // Plan texts (admin, /admin/subscription-plans)
  planBenefitRequired: 'Escreva o benefício ou remova a linha',
  planBenefitTooLong: 'Cada benefício deve ter no máximo 80 caracteres',
  planBenefitsCount: 'Liste de 1 a 8 benefícios',
  planButtonTextTooLong: 'O texto do botão deve ter no máximo 40 caracteres',
  // Server-side refusals of this product (not in the product's catalogue)
  planUnavailable: 'Este plano não está disponível no momento',
  alreadySubscribed: 'Você já tem uma assinatura ativa',
  noSubscriptionForPortal: 'Você ainda não tem uma assinatura para gerenciar',
  checkoutNotFound: 'Sessão de pagamento não encontrada',
  webhookSignatureInvalid: 'Assinatura do webhook inválida',
  refundOutsideWindow: 'O prazo de garantia desta assinatura já terminou',
  refundAlreadyRequested: 'Já existe um pedido de reembolso para esta assinatura',
  refundRequested: 'Pedido de reembolso enviado. Você receberá a resposta por e-mail.',
  adminCannotSubscribe: 'Contas de administrador não assinam planos. Use uma conta de ouvinte.',
  noSubscriptionForRefund: 'Você não tem uma assinatura paga para pedir reembolso',
  refundRequestNotFound: 'Pedido de reembolso não encontrado',
  refundAlreadyDecided: 'Este pedido de reembolso já foi decidido',
  refundRejectReasonRequired: 'Informe o motivo da recusa',
  refundFailed: 'Não foi possível fazer o reembolso no provedor de pagamento. Tente novamente.',
  noPendingPayment: 'Sua assinatura não tem pagamento pendente.',
  // Refund of a boleto: the account that receives it
  refundBankAccountRequired: 'Para devolver um pagamento feito por boleto, informe a conta que vai receber o valor.',
  refundBankCode: 'Informe o código do banco com 3 dígitos (ex.: 001)',
  refundAgency: 'Informe a agência com até 5 números, sem o dígito',
  refundAccount: 'Informe a conta com o dígito (ex.: 12345-6)',
  refundAccountType: 'Escolha o tipo de conta',
  refundHolderName: 'Informe o nome de quem é titular da conta',
  pendingPaymentFailed: 'Não foi possível abrir o pagamento agora. Tente novamente em alguns instantes.',
} as const

/** Payment errors by decline code (docs/product/commerce.md#payment-errors-at-the-provider). */
export const PAYMENT_ERROR_MSG = {
  card_declined: 'Seu cartão foi recusado. Tente outro cartão ou entre em contato com seu banco.',
  insufficient_funds: 'Saldo insuficiente. Tente outro cartão ou entre em contato com seu banco.',
  invalid_cvc: 'O código de segurança (CVC) está incorreto. Confira e tente novamente.',
  invalid_expiry: 'A validade do cartão é inválida. Confira e tente novamente.',
  card_number_incorrect: 'O número do cartão está incorreto. Confira e tente novamente.',
  expired_card: 'Seu cartão está vencido. Tente outro cartão.',
  processing_error: 'Ocorreu um erro ao processar o cartão. Tente novamente em alguns instantes.',
  rate_limit: 'Muitas tentativas. Aguarde alguns minutos antes de tentar novamente.',
  /** A declined message that mentions "test" (a real card in test mode). */
  real_card_in_test_mode: 'Você está usando um cartão real em modo de teste. Use um dos cartões de teste listados.',
  default: 'Erro no pagamento. Tente novamente.',
} as const
export type PaymentErrorCode = Exclude<keyof typeof PAYMENT_ERROR_MSG, 'default' | 'real_card_in_test_mode'>

/** The text for a gateway decline code and message; unknown codes get the default. */
export function paymentErrorMessage(code: string | null | undefined, providerMessage?: string | null): string {
  if (code === 'card_declined' && providerMessage && /test/i.test(providerMessage)) return PAYMENT_ERROR_MSG.real_card_in_test_mode
  if (code && Object.hasOwn(PAYMENT_ERROR_MSG, code) && code !== 'default') {
    return PAYMENT_ERROR_MSG[code as PaymentErrorCode]
  }
  return PAYMENT_ERROR_MSG.default
}
