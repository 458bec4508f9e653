/**
 * Asaas's published examples, as the local fake (asaas-fake.ts) answers and sends them. Each one
 * names the page it was copied from (read 2026-11-29); ids, amounts and dates are the fake's own,
 * filled in by the fake, and fields we do not read were kept as published so the parser meets the
 * real shapes (extra fields, nulls, Brasília dates, dd/MM/yyyy in the subscription webhook).
 */

/** Error body (any 4xx): https://docs.asaas.com/docs/http-response-codes (pt-BR page: /docs/códigos-http-das-respostas). */
export const errorBody = {
  source: 'https://docs.asaas.com/docs/http-response-codes',
  body: (code: string, description: string) => ({ errors: [{ code, description }] }),
  example: { errors: [{ code: 'invalid_value', description: 'O campo value deve ser informado' }, { code: 'invalid_dueDate', description: 'A data de vencimento não pode ser inferior à hoje' }] },
}

/**
 * The checkout object (answer of `POST /v3/checkouts`, and `checkout` in its webhooks):
 * https://docs.asaas.com/docs/eventos-para-checkout (EN: /docs/checkout-events); the page to send
 * the buyer to: https://docs.asaas.com/docs/checkout-link-and-customer-redirection.
 */
export const checkoutObject = {
  source: 'https://docs.asaas.com/docs/eventos-para-checkout',
  example: {
    id: '2bd251f0-09b2-44ff-8a0c-a5cb29e5bbda',
    link: null,
    status: 'ACTIVE',
    minutesToExpire: 10,
    billingTypes: ['MUNDIPAGG_CIELO'],
    chargeTypes: ['RECURRENT'],
    callback: { cancelUrl: 'https://google.com', successUrl: 'https://google.com', expiredUrl: 'https://google.com' },
    items: [{ name: 'teste2', description: 'teste', quantity: 2, value: 100 }],
    subscription: { cycle: 'MONTHLY', nextDueDate: '2024-10-31T03:00:00+0000', endDate: '2025-10-29T03:00:00+0000' },
    installment: null,
    split: [],
    customer: null,
    externalReference: null,
  },
}

/**
 * The payment ("cobrança") object, as in `GET /v3/payments/{id}` and the `payment` of its webhooks:
 * https://docs.asaas.com/docs/webhook-para-cobrancas (the PAYMENT_RECEIVED example; event list
 * there) and https://docs.asaas.com/docs/receba-eventos-do-asaas-no-seu-endpoint-de-webhook.
 */
export const paymentObject = {
  source: 'https://docs.asaas.com/docs/webhook-para-cobrancas',
  example: {
    object: 'payment',
    id: 'pay_080225913252',
    dateCreated: '2021-01-01',
    customer: 'cus_G7Dvo4iphUNk',
    subscription: 'sub_VXJBYgP2u0eO',
    installment: null,
    checkoutSession: null,
    paymentLink: null,
    dueDate: '2021-01-01',
    originalDueDate: '2021-01-01',
    value: 100,
    netValue: 94.51,
    originalValue: null,
    interestValue: null,
    nossoNumero: null,
    description: 'Pedido 056984',
    externalReference: '056984',
    billingType: 'CREDIT_CARD',
    status: 'RECEIVED',
    pixTransaction: null,
    confirmedDate: '2021-01-01',
    paymentDate: '2021-01-01',
    clientPaymentDate: '2021-01-01',
    installmentNumber: null,
    creditDate: '2021-02-01',
    custody: null,
    estimatedCreditDate: '2021-02-01',
    invoiceUrl: 'https://www.asaas.com/i/080225913252',
    bankSlipUrl: null,
    transactionReceiptUrl: 'https://www.asaas.com/comprovantes/4937311816045162',
    invoiceNumber: '00005101',
    deleted: false,
    anticipated: false,
    anticipable: false,
    lastInvoiceViewedDate: '2021-01-01 12:54:56',
    lastBankSlipViewedDate: null,
    postalService: false,
    creditCard: { creditCardNumber: '8829', creditCardBrand: 'MASTERCARD', creditCardToken: 'a75a1d98-c52d-4a6b-a413-71e00b193c99' },
    discount: { value: 0, dueDateLimitDays: 0, limitedDate: null, type: 'FIXED' },
    fine: { value: 0, type: 'FIXED' },
    interest: { value: 0, type: 'PERCENTAGE' },
    refunds: null,
  },
}

/**
 * The subscription object (`GET /v3/subscriptions/{id}`, `subscription` of its webhooks):
 * https://docs.asaas.com/docs/eventos-para-assinaturas (EN: /docs/subscription-events). The webhook
 * example writes dates as dd/MM/yyyy; the REST answers use yyyy-MM-dd (the fake uses that).
 */
export const subscriptionObject = {
  source: 'https://docs.asaas.com/docs/eventos-para-assinaturas',
  example: {
    object: 'subscription',
    id: 'sub_m5gdy1upm25fbwgx',
    dateCreated: '16/10/2024',
    customer: 'cus_000000008773',
    paymentLink: null,
    value: 19.9,
    nextDueDate: '22/11/2024',
    cycle: 'MONTHLY',
    description: 'Assinatura Plano Pró',
    billingType: 'BOLETO',
    deleted: false,
    status: 'ACTIVE',
    externalReference: null,
    sendPaymentByPostalService: false,
    discount: { value: 10, limitDate: null, dueDateLimitDays: 0, type: 'PERCENTAGE' },
    fine: { value: 0, type: 'FIXED' },
    interest: { value: 0, type: 'PERCENTAGE' },
    split: null,
  },
}

/**
 * A list answer (`GET /v3/payments?…`, `GET /v3/subscriptions/{id}/payments`): Asaas's paged list
 * envelope, https://docs.asaas.com/docs/listas-e-paginacao.
 */
export const listEnvelope = {
  source: 'https://docs.asaas.com/docs/listas-e-paginacao',
  body: <T>(data: T[]) => ({ object: 'list', hasMore: false, totalCount: data.length, limit: 100, offset: 0, data }),
}

/**
 * The webhook envelope `{id, event, dateCreated, account, <entity>}`, with the token we chose in
 * the `asaas-access-token` header: https://docs.asaas.com/docs/receba-eventos-do-asaas-no-seu-endpoint-de-webhook,
 * https://docs.asaas.com/docs/criar-novo-webhook-pela-aplicacao-web (the header), event ids like
 * `evt_05b708f961d739ea7eba7e4db318f621&368604920`.
 */
export const webhookEnvelope = {
  source: 'https://docs.asaas.com/docs/receba-eventos-do-asaas-no-seu-endpoint-de-webhook',
  example: { id: 'evt_05b708f961d739ea7eba7e4db318f621&368604920', event: 'PAYMENT_RECEIVED', dateCreated: '2024-06-12 16:45:03', payment: { object: 'payment', id: 'pay_080225913252' } },
  account: { id: '47ed0d25-f9fb-4b35-b23a-d8895caf92b7', ownerId: null },
}

/**
 * `DELETE /v3/subscriptions/{id}` ("Remover assinatura"). No published example body was found in
 * the stored reference: `{deleted, id}` is the fake's guess, and the gateway reads nothing of it.
 */
export const deletedObject = {
  source: null,
  body: (id: string) => ({ deleted: true, id }),
}

/**
 * The customer object (`POST /v3/customers`, `GET /v3/customers?email=`):
 * https://docs.asaas.com/reference/create-new-customer (EN; pt-BR: /reference/criar-novo-cliente).
 * The fields as that reference lists them; the values are the fake's own (the CPF a valid test one).
 */
export const customerObject = {
  source: 'https://docs.asaas.com/reference/create-new-customer',
  example: {
    object: 'customer',
    id: 'cus_000005219613',
    dateCreated: '2024-07-12',
    name: 'Marcelo Almeida',
    email: 'marcelo.almeida@gmail.com',
    phone: null,
    mobilePhone: null,
    address: null,
    addressNumber: null,
    complement: null,
    province: null,
    city: null,
    cityName: null,
    state: null,
    country: 'Brasil',
    postalCode: null,
    cpfCnpj: '52998224725',
    personType: 'FISICA',
    deleted: false,
    additionalEmails: null,
    externalReference: null,
    notificationDisabled: false,
    observations: null,
    foreignCustomer: false,
  },
}

/**
 * `POST /v3/subscriptions` with `billingType: BOLETO` (request), answered with the subscription
 * object above: https://docs.asaas.com/docs/criando-uma-assinatura (EN: /docs/creating-a-subscription).
 */
export const subscriptionRequest = {
  source: 'https://docs.asaas.com/docs/criando-uma-assinatura',
  example: { customer: 'cus_0T1mdomVMi39', billingType: 'BOLETO', nextDueDate: '2023-10-15', value: 19.9, cycle: 'MONTHLY', description: 'Assinatura Plano Pró' },
}

/**
 * A boleto charge's digitable line, `GET /v3/payments/{id}/identificationField`:
 * https://docs.asaas.com/reference/obter-linha-digitavel-do-boleto (EN: /reference/get-digitable-bill-line).
 * The three fields of that answer; the digits are the fake's own (a 47-digit line, a 44-digit bar code).
 */
export const identificationFieldObject = {
  source: 'https://docs.asaas.com/reference/obter-linha-digitavel-do-boleto',
  example: {
    identificationField: '00190000090275928800021932978170187890000005000',
    nossoNumero: '6543',
    barCode: '00191878900000050000000002759288002193297817',
  },
}

/**
 * `POST /v3/transfers` to an account at another institution (request) and the transfer object
 * (answer): https://docs.asaas.com/docs/transferencia-para-contas-de-outra-instituicao-pix-ted,
 * the object as in https://docs.asaas.com/docs/transfer-events; an identical transfer within 15
 * minutes answers 409: https://docs.asaas.com/docs/duvidas-frequentes-transferencias.
 */
export const transferObject = {
  source: 'https://docs.asaas.com/docs/transferencia-para-contas-de-outra-instituicao-pix-ted',
  request: {
    value: 1000.0,
    bankAccount: { bank: { code: '237' }, ownerName: 'Marcelo Almeida', cpfCnpj: '52233424611', agency: '1263', account: '9999991', accountDigit: '1', bankAccountType: 'CONTA_CORRENTE' },
  },
  example: {
    object: 'transfer',
    id: '777eb7c8-b1a2-4356-8fd8-a1b0644b5282',
    dateCreated: '2019-05-02',
    status: 'PENDING',
    effectiveDate: null,
    endToEndIdentifier: null,
    type: 'BANK_ACCOUNT',
    value: 1000,
    netValue: 1000,
    transferFee: 0,
    scheduleDate: '2019-05-02',
    authorized: true,
    failReason: null,
    transactionReceiptUrl: null,
    bankAccount: {
      bank: { ispb: '00000000', code: '001', name: 'Banco do Brasil' },
      accountName: 'Conta Banco do Brasil',
      ownerName: 'Marcelo Almeida',
      cpfCnpj: '***.143.689-**',
      agency: '1263',
      agencyDigit: '1',
      account: '9999991',
      accountDigit: '1',
      pixAddressKey: null,
    },
    operationType: 'PIX',
    description: null,
  },
}

/**
 * `POST /v3/installments/{id}/refund` ("Estornar parcelamento"): https://docs.asaas.com/reference/estornar-parcelamento.
 * No readable example body was found in the stored reference: the gateway reads nothing of the
 * answer, and the fake answers the instalment's id only.
 */
export const installmentRefundObject = {
  source: null,
  body: (id: string) => ({ object: 'installment', id }),
}

/**
 * A charge in instalments (`installment`, `installmentNumber` on each charge; the request with
 * `installmentCount` + `installmentValue`): https://docs.asaas.com/docs/installment-payments. A
 * card charge on the card's token (`creditCardToken`, `remoteIp`):
 * https://docs.asaas.com/docs/payments-via-credit-card and https://docs.asaas.com/reference/cartão-de-crédito
 * ("O token é armazenado por cliente"). The answers are the payment object above.
 */
export const installmentPaymentRequest = {
  source: 'https://docs.asaas.com/docs/installment-payments',
  example: { customer: '{CUSTOMER_ID}', billingType: 'BOLETO', installmentCount: 6, installmentValue: 20, dueDate: '2017-06-10', description: 'Order 056984', externalReference: '056984' },
}
