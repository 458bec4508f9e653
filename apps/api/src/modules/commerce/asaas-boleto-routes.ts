/**
 * Our own small payment page with Asaas (ADR 029, "Boleto"): Asaas's hosted Checkout offers Pix
 * and card only, so an Asaas buyer lands here first (`createCheckout` answers this page) and picks
 * "Pix ou cartão à vista" (on to Asaas's Checkout), "Cartão parcelado" (the count chosen here,
 * priced by our rule, then Asaas's instalment Checkout; our plan renews it, ADR 031) or "Boleto"
 * (the payer's name and CPF, checked here; the boleto is issued at Asaas as a boleto subscription
 * of the same checkout, and shown here: line, PDF, due date). Access follows only when Asaas
 * reports the charge paid (webhooks.ts re-reads it).
 * The CPF is sent to Asaas and kept nowhere of ours (LGPD minimisation: Asaas is the record).
 *
 * Outside /api like the sandbox's pages (plain HTML forms, no inline script or style); the
 * checkout id in the path is the only secret, as in verify-payment.
 */
import { COMMERCE_MSG, CPF_MSG, billingIntervalLabel, formatBoletoLine, formatMoney, installmentOption, installmentOptions, normalizeCpf, type InstallmentOption } from '@sintonia/contract'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import { escapeHtml as e } from '../../lib/mail/index.js'
import { paymentPageDocument, servePaymentPageAssets } from '../../lib/payment-pages/assets.js'
import { getInstallmentInterestBasisPoints, getProductName } from '../content/settings-service.js'
import { ASAAS_PAY_PATH, type AsaasGateway } from './gateway/asaas.js'
import { AsaasApiError } from './gateway/asaas-client.js'
import { GatewayError, type BoletoInfo } from './gateway/types.js'
import { SUCCESS_PATH, CANCEL_PATH } from './checkout-service.js'
import * as repo from './repository.js'

export const ASAAS_PAGE_MSG = {
  nameRequired: 'Informe o nome de quem paga.',
  boletoFailed: 'Não foi possível gerar o boleto agora. Tente novamente em alguns instantes.',
  /** The CPF passes its check digits but Asaas refuses it (not registered, irregular). */
  cpfRefused: 'O Asaas não aceitou este CPF. Confira os números ou use o CPF de quem vai pagar.',
  notFound: 'Este link de pagamento não existe ou expirou. Volte ao site e comece de novo.',
  installmentsInvalid: 'Escolha em quantas parcelas você quer pagar.',
  cardFailed: 'Não foi possível abrir o pagamento no cartão agora. Tente novamente em alguns instantes.',
} as const

const params = z.object({ id: z.string().regex(/^ask_[A-Za-z0-9_-]{24}$/) })
/** Asaas's checkout id (a UUID), to link on to its page for Pix and card. */
const pageQuery = z.object({ checkout: z.string().regex(/^[0-9a-f-]{36}$/i).optional().catch(undefined) })
const boletoForm = z.object({ nome: z.string().max(200).optional(), cpf: z.string().max(40).optional() })
const cardForm = z.object({ parcelas: z.string().max(4).optional() })

const dateBr = (day: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date(`${day.slice(0, 10)}T12:00:00-03:00`))

function layout(productName: string, title: string, body: string): string {
  return paymentPageDocument({
    title,
    assets: `${ASAAS_PAY_PATH}/assets/pagina`,
    header: `<div class="shell top"><div class="brand"><span class="brand-mark" aria-hidden="true"></span><span>${e(productName)}</span></div></div>`,
    body,
  })
}

const messageBody = (title: string, text: string, link?: { href: string; label: string }) => `<main class="card stack narrow">
<h1>${e(title)}</h1>
<p class="muted">${e(text)}</p>
${link ? `<a class="btn inline" href="${e(link.href)}">${e(link.label)}</a>` : ''}
</main>`

function boletoPanel(boleto: BoletoInfo): string {
  return `<div data-boleto>
<div class="row"><span class="muted">Valor</span><span>${e(formatMoney(boleto.amountCents, 'BRL'))}</span></div>
<div class="row"><span class="muted">Vencimento</span><span data-testid="boleto-due">${e(dateBr(boleto.dueDate))}</span></div>
<p class="small muted" id="boleto-line-label">Linha digitável</p>
<p class="payload line" aria-labelledby="boleto-line-label" data-testid="boleto-line">${e(formatBoletoLine(boleto.line))}</p>
<div class="actions">
<button class="btn secondary" type="button" data-copy="${e(boleto.line)}" data-copied="Linha copiada">Copiar linha digitável</button>
${boleto.pdfUrl ? `<a class="btn secondary" href="${e(boleto.pdfUrl)}" target="_blank" rel="noopener">Baixar boleto (PDF)</a>` : ''}
</div>
<p class="small muted">Pagou? A confirmação do boleto pode levar até 3 dias úteis. Você pode fechar esta página: o acesso é liberado assim que o banco confirmar, e avisamos por e-mail.</p>
</div>`
}

/** Card in instalments (ADR 031): the counts from 2× up to the plan's months, each priced, the largest chosen. */
function cardSection(base: string, asaasCheckoutId: string | null, options: InstallmentOption[], error: string | null): string {
  if (options.length === 0) return ''
  const largest = options.at(-1)!
  return `<section aria-labelledby="card-installments-title"><h2 id="card-installments-title">Cartão parcelado</h2>
<p class="muted">Em até ${largest.count}x${largest.interestFree ? ' sem juros' : ''}. As próximas renovações são cobradas no mesmo cartão e nas mesmas parcelas; avisamos 7 dias antes.</p>
<form method="post" action="${e(base)}/cartao${asaasCheckoutId ? `?checkout=${encodeURIComponent(asaasCheckoutId)}` : ''}" data-once novalidate>
${error ? `<div class="alert error" role="alert">${e(error)}</div>` : ''}
<div class="field"><label for="card-parcelas">Parcelas</label>
<select id="card-parcelas" name="parcelas">${options
    .map((option) => `<option value="${option.count}"${option === largest ? ' selected' : ''}>${e(option.label)}</option>`)
    .join('')}</select></div>
<button class="btn" type="submit">Pagar no cartão parcelado</button>
</form>
<p class="small muted">Você digita o cartão na página segura do Asaas.</p></section>`
}

function choiceBody(input: {
  base: string
  asaasUrl: string | null
  asaasCheckoutId: string | null
  amount: string
  planName: string
  intervalMonths: number | null
  error: string | null
  name: string
  cpf: string
  installments: InstallmentOption[]
  cardError?: string | null
}): string {
  const alert = input.error ? `<div class="alert error" role="alert">${e(input.error)}</div>` : ''
  return `<main class="card stack narrow">
<h1>Assinatura ${e(input.planName)}</h1>
<div><p class="amount">${e(input.amount)}</p>${input.intervalMonths ? `<p class="muted">${e(billingIntervalLabel(input.intervalMonths))}, renovação automática</p>` : ''}</div>
${
  input.asaasUrl
    ? `<section aria-labelledby="pix-card-title"><h2 id="pix-card-title">Pix ou cartão à vista</h2>
<p class="muted">Você continua na página segura do Asaas, nosso parceiro de pagamentos.</p>
<a class="btn" href="${e(input.asaasUrl)}">Pagar com Pix ou cartão à vista</a></section>`
    : ''
}
${cardSection(input.base, input.asaasCheckoutId, input.installments, input.cardError ?? null)}
<section aria-labelledby="boleto-title"><h2 id="boleto-title">Boleto</h2>
<p class="muted">O boleto vence em 3 dias. Depois de pago, a confirmação pode levar até 3 dias úteis, e o acesso é liberado assim que o banco confirmar.</p>
<form method="post" action="${e(input.base)}/boleto${input.asaasCheckoutId ? `?checkout=${encodeURIComponent(input.asaasCheckoutId)}` : ''}" data-once novalidate>
${alert}
<div class="field"><label for="boleto-nome">Nome de quem paga</label>
<input id="boleto-nome" name="nome" autocomplete="name" maxlength="120" required value="${e(input.name)}"></div>
<div class="field"><label for="boleto-cpf">CPF de quem paga</label>
<input id="boleto-cpf" name="cpf" inputmode="numeric" autocomplete="off" placeholder="000.000.000-00" maxlength="14" required value="${e(input.cpf)}"${input.error ? ' aria-invalid="true"' : ''}></div>
<button class="btn" type="submit">Gerar boleto</button>
</form></section>
<a class="cancel" href="${e(CANCEL_PATH)}">Cancelar e voltar</a>
</main>`
}

export function asaasPaymentPageRoutes(gateway: AsaasGateway): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db
    const log = app.log.child({ module: 'payments' })
    const publicUrl = app.config.publicUrl
    const html = (reply: FastifyReply, status: number, title: string, body: string) =>
      getProductName(db).then((name) => {
        // The card form's answer redirects to Asaas's card page: our strict policy lets forms go
        // only to us, so these pages also allow Asaas's page origin (a redirect after a form post
        // is checked against it).
        const policy = reply.getHeader('content-security-policy')
        if (typeof policy === 'string') reply.header('Content-Security-Policy', policy.replace("form-action 'self'", `form-action 'self' ${gateway.checkoutPageOrigin}`))
        return reply.code(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').send(layout(name, title, body))
      })

    // HTML forms post urlencoded bodies; only this scope accepts them.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    })

    servePaymentPageAssets(app, `${ASAAS_PAY_PATH}/assets`, 'pagina')

    /** Our checkout, when it is an Asaas one still to pay; otherwise the page that says why. */
    async function payable(reply: FastifyReply, id: string) {
      const ours = await repo.findCheckout(db, id)
      if (!ours || ours.provider !== 'asaas') {
        await html(reply, 404, 'Pagamento não encontrado', messageBody('Pagamento não encontrado', ASAAS_PAGE_MSG.notFound))
        return null
      }
      if (ours.paymentStatus === 'paid') {
        const done = SUCCESS_PATH.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id))
        await html(reply, 200, 'Pagamento concluído', messageBody('Pagamento concluído', 'Este pagamento já foi confirmado.', { href: done, label: 'Continuar' }))
        return null
      }
      const plan = await repo.planByCode(db, ours.planCode)
      const intervalMonths = plan?.intervalMonths ?? null
      const interestBp = await getInstallmentInterestBasisPoints(db)
      // Card in instalments (2× and up); at once, the card is on Asaas's Checkout beside Pix.
      const installments = intervalMonths ? installmentOptions(ours.amountCents, intervalMonths, interestBp).filter((option) => option.count > 1) : []
      return { ours, planName: plan?.name ?? ours.planCode, intervalMonths, interestBp, installments }
    }

    // Asaas's Checkout expires after a day (CHECKOUT_EXPIRED marks ours expired), but a boleto issued
    // before that stays payable until its due date: it is still shown; only a new one is refused.
    const expired = (reply: FastifyReply) =>
      html(reply, 410, 'Pagamento expirado', messageBody('Pagamento expirado', ASAAS_PAGE_MSG.notFound, { href: CANCEL_PATH, label: 'Voltar' }))

    const failed = (reply: FastifyReply, error: unknown) => {
      if (!(error instanceof GatewayError)) throw error
      log.error({ err: error }, 'asaas boleto failed at the gateway')
      return html(reply, 502, 'Boleto indisponível', messageBody('Boleto indisponível', ASAAS_PAGE_MSG.boletoFailed))
    }

    type Payable = NonNullable<Awaited<ReturnType<typeof payable>>>
    /** The page of the three ways (on to Asaas's Checkout, the card in instalments, the boleto), with what the buyer typed and the error. */
    const choicePage = (
      reply: FastifyReply,
      status: number,
      id: string,
      found: Payable,
      asaasCheckoutId: string | undefined,
      typed: { error?: string; name?: string; cpf?: string; cardError?: string } = {},
    ) =>
      html(
        reply,
        status,
        'Como você quer pagar?',
        choiceBody({
          base: `${ASAAS_PAY_PATH}/${encodeURIComponent(id)}`,
          asaasUrl: asaasCheckoutId ? gateway.checkoutPageUrl(asaasCheckoutId) : null,
          asaasCheckoutId: asaasCheckoutId ?? null,
          amount: formatMoney(found.ours.amountCents, found.ours.currency),
          intervalMonths: found.intervalMonths,
          planName: found.planName,
          error: typed.error ?? null,
          name: typed.name ?? found.ours.customerName ?? '',
          cpf: typed.cpf ?? '',
          installments: found.installments,
          cardError: typed.cardError ?? null,
        }),
      )

    app.get(
      `${ASAAS_PAY_PATH}/:id`,
      { config: { access: 'public', rateLimit: RATE_LIMITS.verifyPayment }, schema: { hide: true, params, querystring: pageQuery } },
      async (request, reply) => {
        const { id } = request.params
        const found = await payable(reply, id)
        if (!found) return reply
        let boleto: BoletoInfo | null
        try {
          boleto = await gateway.boletoOf(id)
        } catch (error) {
          return failed(reply, error)
        }
        if (boleto) return html(reply, 200, 'Boleto', `<main class="card stack narrow"><h1>Boleto — ${e(found.planName)}</h1>${boletoPanel(boleto)}</main>`)
        if (found.ours.status !== 'open') return expired(reply)
        return choicePage(reply, 200, id, found, request.query.checkout)
      },
    )

    app.post(
      `${ASAAS_PAY_PATH}/:id/boleto`,
      { config: { access: 'public', rateLimit: RATE_LIMITS.createPayment }, schema: { hide: true, params, querystring: pageQuery, body: boletoForm } },
      async (request, reply) => {
        const { id } = request.params
        const found = await payable(reply, id)
        if (!found) return reply
        if (found.ours.status !== 'open') {
          // Expired: the boleto issued before, if any, is on the page; no new one.
          return reply.redirect(`${ASAAS_PAY_PATH}/${encodeURIComponent(id)}`, 303)
        }
        const typedName = (request.body.nome ?? '').trim()
        const typedCpf = request.body.cpf ?? ''
        const cpf = normalizeCpf(typedCpf)
        const error = typedName.length < 3 ? ASAAS_PAGE_MSG.nameRequired : !cpf ? (typedCpf.trim() ? CPF_MSG.invalid : CPF_MSG.required) : null
        const email = found.ours.email
        // The page as it was, with its way on to Asaas's Checkout, and the error.
        // The CPF typed is shown back only to whoever typed it (this answer), never logged or stored.
        const again = (message: string) => choicePage(reply, 422, id, found, request.query.checkout, { error: message, name: typedName, cpf: typedCpf.slice(0, 14) })
        if (error || !cpf || !email || !found.intervalMonths) return again(error ?? COMMERCE_MSG.planUnavailable)
        try {
          await gateway.issueBoleto(id, {
            payer: { name: typedName, email, cpf },
            planName: found.planName,
            amountCents: found.ours.amountCents,
            intervalMonths: found.intervalMonths,
          })
        } catch (caught) {
          if (caught instanceof AsaasApiError && caught.codes.includes('invalid_cpfCnpj')) return again(ASAAS_PAGE_MSG.cpfRefused)
          return failed(reply, caught)
        }
        return reply.redirect(`${ASAAS_PAY_PATH}/${encodeURIComponent(id)}`, 303)
      },
    )

    // Card in instalments (ADR 031): the count chosen here, priced by our rule; on to Asaas's card page.
    app.post(
      `${ASAAS_PAY_PATH}/:id/cartao`,
      { config: { access: 'public', rateLimit: RATE_LIMITS.createPayment }, schema: { hide: true, params, querystring: pageQuery, body: cardForm } },
      async (request, reply) => {
        const { id } = request.params
        const found = await payable(reply, id)
        if (!found) return reply
        if (found.ours.status !== 'open') return reply.redirect(`${ASAAS_PAY_PATH}/${encodeURIComponent(id)}`, 303)
        const count = Number(request.body.parcelas)
        const option = found.intervalMonths && count > 1 ? installmentOption(found.ours.amountCents, found.intervalMonths, count, found.interestBp) : null
        if (!option || !found.intervalMonths) {
          return choicePage(reply, 422, id, found, request.query.checkout, { cardError: ASAAS_PAGE_MSG.installmentsInvalid })
        }
        let target: { url: string }
        try {
          target = await gateway.startCardInstallments(id, {
            planName: found.planName,
            intervalMonths: found.intervalMonths,
            totalCents: option.totalCents,
            count: option.count,
            interestBp: option.interestFree ? 0 : found.interestBp,
            remoteIp: request.ip,
            successUrl: `${publicUrl}${SUCCESS_PATH.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id))}`,
            cancelUrl: `${publicUrl}${CANCEL_PATH}`,
          })
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error
          log.error({ err: error }, 'asaas card instalments failed at the gateway')
          return html(reply, 502, 'Cartão indisponível', messageBody('Cartão indisponível', ASAAS_PAGE_MSG.cardFailed))
        }
        return reply.redirect(target.url, 303)
      },
    )
  }
}
