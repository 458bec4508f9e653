/**
 * The sandbox provider's hosted pages (`/sandbox/*`, outside /api: they stand for the provider's
 * site). Plain HTML forms, no client framework; the only script is a small static file.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { CPF_MSG, formatBoletoLine, formatCpf, installmentOption, normalizeCpf, paymentErrorMessage, PAYMENT_ERROR_MSG } from '@sintonia/contract'
import { normalizeIP } from '@fastify/rate-limit'
import { servePaymentPageAssets } from '../../lib/payment-pages/assets.js'
import { boletoPdf } from './boleto-pdf.js'
import {
  checkoutPage,
  messagePage,
  methodsOf,
  pixAuthorizationPage,
  portalPage,
  testBankBoletoPage,
  testBankPage,
  type CheckoutPageInput,
  type SandboxPayMethod,
} from './pages.js'
import { fakePixPayload, pixQrSvg } from './pix.js'
import type { PayResult, SandboxProvider } from './provider.js'
import type { SandboxCheckoutRow } from './repository.js'

const ID = /^[A-Za-z0-9_]{6,80}$/
/**
 * Payment attempts per client address and minute (card testing is what a provider limits), counted
 * across instances like the API's own limits (app.sharedLimits, ADR 020).
 */
const PAY_LIMIT = { max: 20, windowMs: 60_000 }

type Form = Record<string, string>
const formValue = (body: unknown, key: string): string => {
  const value = (body as Form | undefined)?.[key]
  return typeof value === 'string' ? value.slice(0, 200) : ''
}

const PORTAL_NOTICES: Record<string, string> = {
  cancel: 'Cancelamento agendado. Você mantém o acesso até o fim do período já pago.',
  resume: 'Assinatura retomada. A renovação automática continua.',
  plan: 'Plano alterado.',
  card: 'Cartão atualizado.',
}

/** The hosted pages show the merchant's name, which the app supplies (`productName`). */
export function sandboxRoutes(sandbox: SandboxProvider, productName: () => Promise<string>): FastifyPluginAsync {
  return async (app) => {
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').send(body)
    const clientKey = (request: FastifyRequest) => (request.ip ? normalizeIP(request.ip) : 'sem-ip')
    const allowAttempt = async (request: FastifyRequest) => (await app.sharedLimits.hit(`sandbox-pay|${clientKey(request)}`, PAY_LIMIT.windowMs)).count <= PAY_LIMIT.max

    // HTML forms post urlencoded bodies; only this scope accepts them.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    })

    servePaymentPageAssets(app, '/sandbox/assets', 'sandbox')

    const tooManyAttempts = async (reply: FastifyReply) => html(reply, 429, messagePage(await productName(), 'Muitas tentativas', PAYMENT_ERROR_MSG.rate_limit))

    const notFound = async (reply: FastifyReply) =>
      html(reply, 404, messagePage(await productName(), 'Sessão de pagamento não encontrada', 'Este link de pagamento não existe ou expirou. Volte ao site e comece de novo.'))

    async function renderCheckout(
      reply: FastifyReply,
      id: string,
      asked: SandboxPayMethod,
      status: number,
      error: string | null,
      values?: { number?: string; expiry?: string; name?: string; installments?: string; cpf?: string },
    ) {
      const checkout = await sandbox.getCheckout(id)
      if (!checkout) return notFound(reply)
      const name = await productName()
      if (checkout.status === 'complete') {
        return html(reply, 200, messagePage(name, 'Pagamento concluído', 'Este pagamento já foi confirmado.', { href: checkout.successUrl, label: 'Continuar' }))
      }
      if (!sandbox.isPayable(checkout)) {
        return html(reply, 410, messagePage(name, 'Sessão expirada', 'Este link de pagamento expirou. Volte ao site e comece de novo.', { href: checkout.cancelUrl, label: 'Voltar' }))
      }
      // A method this page does not offer (a renewal has no card) shows its first one.
      const method = methodsOf(checkout).includes(asked) ? asked : methodsOf(checkout)[0]!
      let pix: CheckoutPageInput['pix']
      if (method === 'pix') {
        const code = await sandbox.pixCode(checkout)
        if (code) {
          const payload = fakePixPayload({ amountCents: checkout.amountCents, merchant: name, txid: code.txid })
          pix = { payload, svg: await pixQrSvg(payload), txid: code.txid, expiresAt: code.expiresAt, expired: code.expired }
        }
      }
      return html(
        reply,
        status,
        checkoutPage({ productName: name, checkout, method, error, boletoExpired: sandbox.boletoExpired(checkout), ...(values ? { values } : {}), ...(pix ? { pix } : {}) }),
      )
    }

    app.get<{ Params: { id: string }; Querystring: { metodo?: string } }>('/sandbox/checkout/:id', async (request, reply) => {
      if (!ID.test(request.params.id)) return notFound(reply)
      const asked = request.query.metodo === 'pix' || request.query.metodo === 'boleto' ? request.query.metodo : 'card'
      return renderCheckout(reply, request.params.id, asked, 200, null)
    })

    app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/pay', async (request, reply) => {
      const { id } = request.params
      if (!ID.test(id)) return notFound(reply)
      const values = {
        number: formValue(request.body, 'number'),
        expiry: formValue(request.body, 'expiry'),
        name: formValue(request.body, 'name'),
        installments: formValue(request.body, 'installments') || '1',
      }
      if (!(await allowAttempt(request))) return renderCheckout(reply, id, 'card', 429, PAYMENT_ERROR_MSG.rate_limit, values)
      const checkout = await sandbox.getCheckout(id)
      if (!checkout || !sandbox.isPayable(checkout) || !methodsOf(checkout).includes('card')) return renderCheckout(reply, id, 'card', 409, null)
      if (!values.name.trim()) return renderCheckout(reply, id, 'card', 422, 'Informe o nome impresso no cartão.', values)
      // From 1× up to the plan's months (contract commerce/installments.ts).
      const installments = /^\d{1,2}$/.test(values.installments) ? Number(values.installments) : Number.NaN
      if (!installmentOption(checkout.amountCents, checkout.intervalMonths, installments, checkout.installmentInterestBp)) {
        return renderCheckout(reply, id, 'card', 422, 'Escolha em quantas parcelas pagar, de 1 até o número de meses do plano.', { ...values, installments: '1' })
      }
      const result = await sandbox.payWithCard(id, { ...values, cvc: formValue(request.body, 'cvc') }, installments)
      if (result.ok) return reply.redirect(result.redirectUrl, 303)
      if (result.code === 'closed') return renderCheckout(reply, id, 'card', 409, null)
      return renderCheckout(reply, id, 'card', 402, paymentErrorMessage(result.code, result.providerMessage), values)
    })

    /**
     * Where the checkout is, for the Pix page that waits (it goes on to `redirectUrl` once paid).
     * Only the checkout's own id opens it, like the page itself.
     */
    app.get<{ Params: { id: string } }>('/sandbox/checkout/:id/status', async (request, reply) => {
      const checkout = ID.test(request.params.id) ? await sandbox.getCheckout(request.params.id) : null
      reply.header('Cache-Control', 'no-store')
      if (!checkout) return reply.code(404).send({ status: 'not_found' })
      if (checkout.status === 'complete') return { status: 'complete', redirectUrl: checkout.successUrl }
      if (!sandbox.isPayable(checkout)) return { status: 'expired' }
      // The code shown (or the boleto) has run out: the page reloads to offer a new one.
      return { status: 'open', pixExpired: sandbox.pixCodeExpired(checkout), boletoExpired: sandbox.boletoExpired(checkout) }
    })

    // The test bank: stands for the buyer's bank app, which pays the Pix code the checkout shows.
    const pixExpiredPage = (reply: FastifyReply, name: string) =>
      html(reply, 410, messagePage(name, 'Código Pix expirado', 'Este código Pix não pode mais ser pago. Volte à página do pagamento e gere um novo código.'))

    const boletoExpiredPage = (reply: FastifyReply, name: string) =>
      html(reply, 410, messagePage(name, 'Boleto vencido', 'Este boleto venceu sem pagamento e não pode mais ser pago. Volte à página do pagamento e gere um novo boleto.'))

    // The test bank simulates the outcomes a real payment can have besides "paid".
    app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/boleto/vencer', async (request, reply) => {
      const { id } = request.params
      if (!ID.test(id)) return notFound(reply)
      if (!(await allowAttempt(request))) return tooManyAttempts(reply)
      if (!(await sandbox.expireBoleto(id))) return boletoUnknownPage(reply, await productName())
      return boletoExpiredPage(reply, await productName())
    })

    app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/boleto/novo', async (request, reply) => {
      const { id } = request.params
      if (!ID.test(id)) return notFound(reply)
      if (!(await allowAttempt(request))) return renderCheckout(reply, id, 'boleto', 429, PAYMENT_ERROR_MSG.rate_limit)
      await sandbox.reissueBoleto(id)
      return reply.redirect(`/sandbox/checkout/${encodeURIComponent(id)}?metodo=boleto`, 303)
    })

    app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/pix/recusar', async (request, reply) => {
      const checkout = ID.test(request.params.id) ? await sandbox.getCheckout(request.params.id) : null
      if (!checkout) return notFound(reply)
      // The bank refused: nothing is charged and nothing changes; the code stays payable.
      return html(
        reply,
        402,
        messagePage(await productName(), 'Pix não enviado', 'O banco recusou o pagamento (saldo insuficiente). Nada foi cobrado; o código continua valendo na página do pagamento.'),
      )
    })

    const boletoUnknownPage = (reply: FastifyReply, name: string) =>
      html(reply, 410, messagePage(name, 'Boleto não encontrado', 'Este boleto não existe ou não pode mais ser pago. Volte à página do pagamento.'))

    /** The paid checkout's subscription, when its Pix came with a Pix Automático authorisation. */
    const authorizationOf = async (checkout: { subscriptionId: string | null }) => {
      const sub = checkout.subscriptionId ? await sandbox.getSubscription(checkout.subscriptionId) : null
      return sub?.pixAuthorizationId && sub.paymentMethod === 'pix' ? { subscriptionId: sub.id } : null
    }

    app.get<{ Params: { id: string }; Querystring: { codigo?: string; boleto?: string } }>('/sandbox/checkout/:id/banco', async (request, reply) => {
      const checkout = ID.test(request.params.id) ? await sandbox.getCheckout(request.params.id) : null
      if (!checkout) return notFound(reply)
      const name = await productName()
      if (request.query.boleto !== undefined) {
        if (checkout.status === 'complete') return html(reply, 200, testBankBoletoPage({ productName: name, checkout, paid: true }))
        if (!checkout.boletoLine || !sandbox.isPayable(checkout)) return boletoUnknownPage(reply, name)
        return html(reply, 200, testBankBoletoPage({ productName: name, checkout, paid: false }))
      }
      if (checkout.status === 'complete') return html(reply, 200, testBankPage({ productName: name, checkout, txid: '', paid: true, authorization: await authorizationOf(checkout) }))
      const txid = typeof request.query.codigo === 'string' ? request.query.codigo.slice(0, 64) : ''
      const current = await sandbox.pixCode(checkout)
      if (!current || current.expired || current.txid !== txid) return pixExpiredPage(reply, name)
      return html(reply, 200, testBankPage({ productName: name, checkout, txid, paid: false }))
    })

    app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/pix/novo', async (request, reply) => {
      const { id } = request.params
      if (!ID.test(id)) return notFound(reply)
      // Counted with the payment attempts: a new code is the start of one.
      if (!(await allowAttempt(request))) return tooManyAttempts(reply)
      await sandbox.renewPixCode(id)
      return reply.redirect(`/sandbox/checkout/${encodeURIComponent(id)}?metodo=pix`, 303)
    })

    /**
     * The test bank pays what the checkout shows (a Pix code, a boleto's line): once, while it is
     * payable; each refusal has its own page.
     */
    async function payAtTestBank(
      request: FastifyRequest<{ Params: { id: string } }>,
      reply: FastifyReply,
      way: {
        alreadyPaid: [title: string, text: string]
        pay: (id: string) => Promise<PayResult>
        refused: (reply: FastifyReply, name: string, result: Extract<PayResult, { ok: false }>) => Promise<unknown> | unknown
        paidPage: (name: string, checkout: SandboxCheckoutRow) => Promise<string>
      },
    ) {
      const { id } = request.params
      if (!ID.test(id)) return notFound(reply)
      const checkout = await sandbox.getCheckout(id)
      if (!checkout) return notFound(reply)
      const name = await productName()
      if (!(await allowAttempt(request))) return tooManyAttempts(reply)
      if (checkout.status === 'complete') return html(reply, 409, messagePage(name, ...way.alreadyPaid))
      const result = await way.pay(id)
      if (!result.ok) return way.refused(reply, name, result)
      return html(reply, 200, await way.paidPage(name, (await sandbox.getCheckout(id)) ?? checkout))
    }

    app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/pix', async (request, reply) =>
      payAtTestBank(request, reply, {
        alreadyPaid: ['Código Pix já pago', 'Este código Pix já foi pago. Nada foi cobrado de novo.'],
        pay: (id) => sandbox.payWithPix(id, formValue(request.body, 'codigo')),
        refused: (reply, name) => pixExpiredPage(reply, name),
        paidPage: async (name, paid) => testBankPage({ productName: name, checkout: paid, txid: '', paid: true, authorization: await authorizationOf(paid) }),
      }),
    )

    // Boleto: issued on request, paid at the test bank by its digitable line.
    app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/boleto', async (request, reply) => {
      const { id } = request.params
      if (!ID.test(id)) return notFound(reply)
      if (!(await allowAttempt(request))) return renderCheckout(reply, id, 'boleto', 429, PAYMENT_ERROR_MSG.rate_limit)
      // A boleto names its payer: the CPF, checked by its digits.
      const typed = formValue(request.body, 'cpf')
      const cpf = normalizeCpf(typed)
      if (!cpf) return renderCheckout(reply, id, 'boleto', 422, typed.trim() ? CPF_MSG.invalid : CPF_MSG.required, { cpf: typed })
      await sandbox.issueBoleto(id, cpf)
      return reply.redirect(`/sandbox/checkout/${encodeURIComponent(id)}?metodo=boleto`, 303)
    })

    app.get<{ Params: { id: string } }>('/sandbox/checkout/:id/boleto.pdf', async (request, reply) => {
      const checkout = ID.test(request.params.id) ? await sandbox.getCheckout(request.params.id) : null
      if (!checkout?.boletoLine || !checkout.boletoDueAt) return boletoUnknownPage(reply, await productName())
      const pdf = boletoPdf({
        productName: await productName(),
        planName: checkout.productName,
        amountCents: checkout.amountCents,
        currency: checkout.currency,
        dueAt: checkout.boletoDueAt,
        line: formatBoletoLine(checkout.boletoLine),
        payer: checkout.payerCpf ? `CPF ${formatCpf(checkout.payerCpf)}` : '—',
      })
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'inline; filename="boleto.pdf"')
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex')
        .send(pdf)
    })

    app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/boleto/pagar', async (request, reply) =>
      payAtTestBank(request, reply, {
        alreadyPaid: ['Boleto já pago', 'Este boleto já foi pago. Nada foi cobrado de novo.'],
        pay: (id) => sandbox.payWithBoleto(id, formValue(request.body, 'linha')),
        refused: (reply, name, result) => (result.code === 'boleto_expired' ? boletoExpiredPage(reply, name) : boletoUnknownPage(reply, name)),
        paidPage: async (name, paid) => testBankBoletoPage({ productName: name, checkout: paid, paid: true }),
      }),
    )

    // The payer's Pix Automático authorisation, as the bank app shows it; cancelling it ends the renewals.
    app.get<{ Params: { id: string }; Querystring: { ok?: string } }>('/sandbox/banco/pix-automatico/:id', async (request, reply) => {
      const sub = ID.test(request.params.id) ? await sandbox.getSubscription(request.params.id) : null
      const name = await productName()
      if (!sub || sub.paymentMethod !== 'pix') return html(reply, 404, messagePage(name, 'Autorização não encontrada', 'Esta autorização de Pix Automático não existe.'))
      return html(reply, 200, pixAuthorizationPage({ productName: name, subscription: sub, cancelled: !sub.pixAuthorizationId }))
    })

    app.post<{ Params: { id: string } }>('/sandbox/banco/pix-automatico/:id/cancelar', async (request, reply) => {
      const { id } = request.params
      if (!ID.test(id)) return html(reply, 404, messagePage(await productName(), 'Autorização não encontrada', 'Esta autorização de Pix Automático não existe.'))
      if (!(await allowAttempt(request))) return tooManyAttempts(reply)
      await sandbox.cancelPixAuthorization(id)
      return reply.redirect(`/sandbox/banco/pix-automatico/${encodeURIComponent(id)}`, 303)
    })

    async function renderPortal(reply: FastifyReply, id: string, status: number, notice: string | null, error: string | null) {
      const view = ID.test(id) ? await sandbox.portalView(id) : null
      const name = await productName()
      if (!view) return html(reply, 404, messagePage(name, 'Sessão do portal expirada', 'Abra o portal de novo pela página da sua assinatura.'))
      return html(
        reply,
        status,
        portalPage({ productName: name, portalId: id, returnUrl: view.portal.returnUrl, subscription: view.subscription, plans: view.plans, notice, error }),
      )
    }

    app.get<{ Params: { id: string }; Querystring: { ok?: string } }>('/sandbox/portal/:id', async (request, reply) =>
      renderPortal(reply, request.params.id, 200, PORTAL_NOTICES[request.query.ok ?? ''] ?? null, null),
    )

    app.post<{ Params: { id: string; action: string } }>('/sandbox/portal/:id/:action', async (request, reply) => {
      const { id, action } = request.params
      if (!ID.test(id) || !Object.hasOwn(PORTAL_NOTICES, action)) return renderPortal(reply, '-', 404, null, null)
      if (!(await allowAttempt(request))) return renderPortal(reply, id, 429, null, PAYMENT_ERROR_MSG.rate_limit)
      const result = await sandbox.portalAction(
        id,
        action === 'cancel'
          ? { kind: 'cancel' }
          : action === 'resume'
            ? { kind: 'resume' }
            : action === 'plan'
              ? { kind: 'change_plan', planCode: formValue(request.body, 'planCode') }
              : { kind: 'update_card', card: { number: formValue(request.body, 'number'), expiry: formValue(request.body, 'expiry'), cvc: formValue(request.body, 'cvc') } },
      )
      if (result.ok) return reply.redirect(`/sandbox/portal/${encodeURIComponent(id)}?ok=${action}`, 303)
      const message =
        result.code === 'closed' ? 'Esta assinatura não pode mais ser alterada.' : result.code === 'unknown_plan' ? 'Plano indisponível.' : paymentErrorMessage(result.code, result.providerMessage)
      return renderPortal(reply, id, 422, null, message)
    })
  }
}
