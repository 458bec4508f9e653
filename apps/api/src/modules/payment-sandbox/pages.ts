/**
 * Server-rendered HTML of the sandbox provider's hosted pages (pt-BR, no inline script or style).
 * They name the product's icon, so the browser does not ask for a /favicon.ico that does not exist.
 */
import { billingIntervalLabel, formatBoletoLine, formatCpf, formatMoney, installmentOptions } from '@sintonia/contract'
import { paymentPageDocument } from '../../lib/payment-pages/assets.js'
import { escapeHtml as e } from '../../lib/mail/index.js'
import { SANDBOX_TEST_CARDS } from './cards.js'
import { BOLETO_DUE_DAYS, type PortalPlan } from './provider.js'
import type { SandboxCheckoutRow, SandboxSubscriptionRow } from './repository.js'

const dateBr = (date: Date) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(date)

const intervalLabel = billingIntervalLabel

const LOCK_ICON =
  '<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><rect x="3" y="11" width="18" height="11" rx="2"/><path d="M7 11V7a5 5 0 0 1 10 0v4"/></svg>'

function layout(title: string, body: string, productName: string): string {
  return paymentPageDocument({
    title,
    assets: '/sandbox/assets/sandbox',
    header: `<div class="banner" role="note"><strong>Ambiente de testes</strong> — nenhum valor real é cobrado. Use um dos cartões de teste.</div>
<div class="shell top">
<div class="brand"><span class="brand-mark" aria-hidden="true"></span><span>${e(productName)}</span></div>
<div class="secure">${LOCK_ICON}<span>Pagamento seguro<span class="wide"> · Sandbox</span></span></div>
</div>`,
    body,
    footer: `<footer class="shell foot">Provedor de pagamento de testes (sandbox) embutido no ${e(productName)}. Os eventos deste pagamento chegam ao site como webhooks assinados.</footer>`,
  })
}

export function messagePage(productName: string, title: string, text: string, link?: { href: string; label: string }): string {
  return layout(
    title,
    `<main class="card stack">
<h1>${e(title)}</h1>
<p class="muted">${e(text)}</p>
${link ? `<a class="btn inline" href="${e(link.href)}">${e(link.label)}</a>` : ''}
</main>`,
    productName,
  )
}

function cardFields(values: { number?: string; expiry?: string; name?: string }, withName: boolean): string {
  return `<div class="field"><label for="card-number">Número do cartão</label>
<input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required value="${e(values.number ?? '')}"></div>
<div class="pair">
<div class="field"><label for="card-expiry">Validade</label>
<input id="card-expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" maxlength="7" required value="${e(values.expiry ?? '')}"></div>
<div class="field"><label for="card-cvc">CVC</label>
<input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></div>
</div>
${
  withName
    ? `<div class="field"><label for="card-name">Nome no cartão</label>
<input id="card-name" name="name" autocomplete="cc-name" placeholder="Como está impresso no cartão" maxlength="120" required value="${e(values.name ?? '')}"></div>`
    : ''
}`
}

function testCardList(): string {
  return `<section class="card" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">Cartões de teste</h2>
<p class="muted small">Qualquer validade futura e qualquer CVC de 3 dígitos.</p>
<ul class="cards">
${SANDBOX_TEST_CARDS.map(
  (card) =>
    `<li><span><code>${e(card.number)}</code><br><span class="muted">${e(card.outcome)}</span></span><button type="button" class="use" data-card="${e(card.number)}" aria-label="Usar o cartão ${e(card.number)}">Usar</button></li>`,
).join('\n')}
</ul>
</section>`
}

export type SandboxPayMethod = 'card' | 'pix' | 'boleto'

/** The methods a checkout page offers: a renewal that failed is paid by Pix or boleto. */
export function methodsOf(checkout: SandboxCheckoutRow): SandboxPayMethod[] {
  return checkout.kind === 'renewal' ? ['pix', 'boleto'] : ['card', 'pix', 'boleto']
}

const METHOD_TAB: Record<SandboxPayMethod, string> = { card: 'Cartão', pix: 'Pix', boleto: 'Boleto' }

export interface CheckoutPageInput {
  productName: string
  checkout: SandboxCheckoutRow
  method: SandboxPayMethod
  error: string | null
  values?: { number?: string; expiry?: string; name?: string; installments?: string; cpf?: string }
  /** The boleto issued has passed its due date unpaid. */
  boletoExpired?: boolean
  /** The Pix code shown: its BR Code, QR, txid and validity. */
  pix?: { payload: string; svg: string; txid: string; expiresAt: Date; expired: boolean }
}

/**
 * The instalments a card payment may be split into (contract commerce/installments.ts): from 1×
 * up to the plan's months, in reais only, "sem juros" or with the merchant's monthly interest;
 * nothing to choose for a one-month plan.
 */
function installmentField(checkout: SandboxCheckoutRow, chosen: string | undefined): string {
  if (checkout.currency.toUpperCase() !== 'BRL') return ''
  const options = installmentOptions(checkout.amountCents, checkout.intervalMonths, checkout.installmentInterestBp)
  if (options.length < 2) return ''
  const selected = chosen ?? '1'
  return `<div class="field"><label for="card-installments">Parcelas</label>
<select id="card-installments" name="installments">${options
    .map((option) => `<option value="${option.count}"${String(option.count) === selected ? ' selected' : ''}>${e(option.label)}</option>`)
    .join('')}</select></div>`
}

/** Hours and minutes in Brasília time ('14:35'), or '' without a time. */
function timeBr(date: Date | undefined): string {
  return date ? new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }).format(date) : ''
}

/**
 * The test bank (`/sandbox/checkout/:id/banco`): what the buyer's bank app does with the Pix code
 * — shows who is paid and how much, and pays. Opened beside the checkout page, which waits.
 */
export function testBankPage(input: {
  productName: string
  checkout: SandboxCheckoutRow
  txid: string
  paid: boolean
  /** Paid: the subscription's Pix Automático authorisation, managed here in the bank. */
  authorization?: { subscriptionId: string } | null
}): string {
  const { checkout } = input
  const amount = formatMoney(checkout.amountCents, checkout.currency)
  const base = `/sandbox/checkout/${encodeURIComponent(checkout.id)}`
  const interval = intervalLabel(checkout.intervalMonths)
  const body = input.paid
    ? `<main class="card stack">
<h1>Pix enviado</h1>
<p class="muted">Você pagou ${e(amount)} a ${e(input.productName)}. Volte à página do pagamento: ela continua sozinha.</p>
${
  input.authorization
    ? `<div class="alert ok" role="status">Pix Automático autorizado: ${e(amount)} ${e(interval)}, debitado na data de cada renovação.</div>
<a class="btn secondary" href="/sandbox/banco/pix-automatico/${encodeURIComponent(input.authorization.subscriptionId)}">Gerenciar autorização</a>`
    : ''
}
</main>`
    : `<main class="card stack">
<p class="muted small">Banco de testes · Pix</p>
<h1>Pagar ${e(amount)}</h1>
<div>
<div class="row"><span class="muted">Para</span><span>${e(input.productName)}</span></div>
<div class="row"><span class="muted">Descrição</span><span>Plano ${e(checkout.productName)}</span></div>
<div class="row"><strong>Valor</strong><strong>${e(amount)}</strong></div>
</div>
${
  checkout.kind === 'payment'
    ? ''
    : `<section class="stack" aria-labelledby="rec-title">
<h2 id="rec-title">Pix Automático</h2>
<p class="muted small">Com este pagamento você autoriza ${e(input.productName)} a debitar ${e(amount)} ${e(interval)} por Pix Automático, até ${e(amount)} por cobrança, na data de cada renovação. Você pode cancelar quando quiser, aqui no seu banco.</p>
</section>`
}
<form method="post" action="${base}/pix" data-once>
<input type="hidden" name="codigo" value="${e(input.txid)}">
<button class="btn" type="submit">${checkout.kind === 'payment' ? 'Pagar' : 'Pagar e autorizar'}</button>
</form>
<form method="post" action="${base}/pix/recusar" data-once>
<button class="btn secondary" type="submit">Recusar (saldo insuficiente)</button>
</form>
<p class="muted small">Só no banco de testes: veja o que acontece quando o banco recusa o Pix.</p>
</main>`
  return layout(input.paid ? 'Pix enviado' : 'Banco de testes', body, input.productName)
}

/** The test bank pays a boleto by its digitable line (what the buyer's bank app does). */
export function testBankBoletoPage(input: { productName: string; checkout: SandboxCheckoutRow; paid: boolean }): string {
  const { checkout } = input
  const amount = formatMoney(checkout.amountCents, checkout.currency)
  const base = `/sandbox/checkout/${encodeURIComponent(checkout.id)}`
  const line = checkout.boletoLine ?? ''
  const body = input.paid
    ? `<main class="card stack">
<h1>Boleto pago</h1>
<p class="muted">Você pagou ${e(amount)} a ${e(input.productName)}. O banco avisa o recebedor; a página do pagamento continua sozinha.</p>
</main>`
    : `<main class="card stack">
<p class="muted small">Banco de testes · Boleto</p>
<h1>Pagar ${e(amount)}</h1>
<div>
<div class="row"><span class="muted">Beneficiário</span><span>${e(input.productName)}</span></div>
<div class="row"><span class="muted">Linha digitável</span><span class="small">${e(formatBoletoLine(line))}</span></div>
${checkout.boletoDueAt ? `<div class="row"><span class="muted">Vencimento</span><span>${e(dateBr(checkout.boletoDueAt))}</span></div>` : ''}
<div class="row"><strong>Valor</strong><strong>${e(amount)}</strong></div>
</div>
<form method="post" action="${base}/boleto/pagar" data-once>
<input type="hidden" name="linha" value="${e(line)}">
<button class="btn" type="submit">Pagar boleto</button>
</form>
<form method="post" action="${base}/boleto/vencer" data-once>
<button class="btn secondary" type="submit">Deixar vencer sem pagar</button>
</form>
<p class="muted small">Só no banco de testes: veja o que acontece quando o boleto vence sem pagamento.</p>
</main>`
  return layout(input.paid ? 'Boleto pago' : 'Banco de testes', body, input.productName)
}

/** The payer's Pix Automático authorisation in the test bank, which the payer may cancel. */
export function pixAuthorizationPage(input: { productName: string; subscription: SandboxSubscriptionRow; cancelled: boolean }): string {
  const sub = input.subscription
  const amount = formatMoney(sub.amountCents, sub.currency)
  const active = !!sub.pixAuthorizationId && !input.cancelled
  const body = `<main class="card stack">
<p class="muted small">Banco de testes · Pix Automático</p>
<h1>Autorização para ${e(input.productName)}</h1>
<p><span class="badge ${active ? '' : 'off'}">${active ? 'Ativa' : 'Cancelada'}</span></p>
<div>
<div class="row"><span class="muted">Recebedor</span><span>${e(input.productName)}</span></div>
<div class="row"><span class="muted">Valor</span><span>${e(amount)} ${e(intervalLabel(sub.intervalMonths))}</span></div>
<div class="row"><span class="muted">Próximo débito</span><span>${active ? e(dateBr(sub.currentPeriodEnd)) : '—'}</span></div>
</div>
${
  active
    ? `<form method="post" action="/sandbox/banco/pix-automatico/${encodeURIComponent(sub.id)}/cancelar" data-once>
<button class="btn danger" type="submit">Cancelar autorização</button>
</form>
<p class="muted small">Cancelando, nada mais é debitado; a assinatura termina no fim do período já pago.</p>`
    : `<p class="muted">Nada mais será debitado por esta autorização.</p>`
}
</main>`
  return layout('Pix Automático — Banco de testes', body, input.productName)
}

export function checkoutPage(input: CheckoutPageInput): string {
  const { checkout } = input
  const amount = formatMoney(checkout.amountCents, checkout.currency)
  const base = `/sandbox/checkout/${encodeURIComponent(checkout.id)}`
  const renewal = checkout.kind === 'renewal'
  const oneOff = checkout.kind === 'payment'
  const months = checkout.intervalMonths === 1 ? '1 mês' : `${checkout.intervalMonths} meses`
  const summary = `<section class="card" aria-labelledby="summary-title">
<p class="muted small" id="summary-title">${renewal ? 'Renovação pendente' : oneOff ? 'Presente' : 'Assinatura'} ${e(input.productName)}</p>
<h1>Plano ${e(checkout.productName)}</h1>
<p class="amount">${e(amount)}</p>
<p class="muted">${renewal ? `Pague este período por Pix ou boleto para continuar com o acesso` : oneOff ? `Pagamento único: ${e(months)} de acesso para quem recebe, sem renovação` : `${e(intervalLabel(checkout.intervalMonths))}, renovação automática`}</p>
<div>
<div class="row"><span class="muted">Plano</span><span>${e(checkout.productName)}</span></div>
<div class="row"><span class="muted">Cobrança</span><span>${oneOff ? `${e(amount)}, uma vez` : `${e(amount)} ${e(intervalLabel(checkout.intervalMonths))}`}</span></div>
${checkout.customerEmail ? `<div class="row"><span class="muted">E-mail</span><span>${e(checkout.customerEmail)}</span></div>` : ''}
<div class="row"><strong>Total hoje</strong><strong>${e(amount)}</strong></div>
</div>
</section>`
  const tabs = `<nav class="tabs" aria-label="Forma de pagamento">
${methodsOf(checkout)
  .map((method) => `<a class="tab" href="${base}?metodo=${method}" ${input.method === method ? 'aria-current="page"' : ''}>${METHOD_TAB[method]}</a>`)
  .join('\n')}
</nav>`
  const alert = input.error ? `<div class="alert error" role="alert">${e(input.error)}</div>` : ''
  const form =
    input.method === 'card'
      ? `<form method="post" action="${base}/pay" data-once novalidate>
${alert}
${cardFields(input.values ?? {}, true)}
${installmentField(checkout, input.values?.installments)}
<button class="btn" type="submit">Pagar</button>
</form>`
      : input.method === 'boleto'
        ? boletoPanel(checkout, base, amount, alert, input.values?.cpf ?? '', input.boletoExpired ?? false)
        : input.pix?.expired
        ? `${alert}
<div class="alert error" role="alert">Este código Pix expirou. Gere um novo código para pagar.</div>
<form method="post" action="${base}/pix/novo" data-once>
<button class="btn" type="submit">Gerar novo código</button>
</form>`
        : `${alert}
<div data-pix-wait="${base}/status">
<p class="muted">Escaneie o QR Code no app do seu banco ou use o código copia e cola. Esta página continua sozinha assim que o pagamento for confirmado.</p>
<div class="qr" role="img" aria-label="QR Code do Pix de ${e(amount)}">${input.pix?.svg ?? ''}</div>
<p class="small muted" id="pix-code-label">Pix copia e cola</p>
<p class="payload" aria-labelledby="pix-code-label">${e(input.pix?.payload ?? '')}</p>
<button class="btn secondary" type="button" data-copy="${e(input.pix?.payload ?? '')}">Copiar código</button>
<p class="waiting" role="status">Aguardando o pagamento…</p>
<p class="small muted center">Código válido até ${e(timeBr(input.pix?.expiresAt))}.</p>
<a class="btn" href="${base}/banco?codigo=${encodeURIComponent(input.pix?.txid ?? '')}" target="_blank" rel="noopener">Pagar no banco de testes</a>
<p class="small muted">Neste ambiente de testes, o banco de testes faz o papel do app do seu banco. Já pagou? <a href="${base}?metodo=pix">Atualize esta página</a>.</p>
</div>`
  const payment = `<section class="card" aria-labelledby="pay-title">
<h2 id="pay-title">Pagamento</h2>
${tabs}
${form}
<a class="cancel" href="${e(checkout.cancelUrl)}">Cancelar e voltar</a>
</section>`
  const body = `<main class="grid">
<div class="area-summary">${summary}</div>
<div class="area-pay">${payment}</div>
${input.method === 'card' ? `<div class="area-extra">${testCardList()}</div>` : ''}
</main>`
  return layout(`Pagamento — ${checkout.productName} — Ambiente de testes`, body, input.productName)
}

/** The boleto tab: issue it, then its digitable line, PDF, due date and the wait for the bank. */
function boletoPanel(checkout: SandboxCheckoutRow, base: string, amount: string, alert: string, cpf: string, expired: boolean): string {
  if (expired) {
    return `${alert}
<div class="alert error" role="alert">Este boleto venceu sem pagamento. Gere um novo boleto para pagar.</div>
<form method="post" action="${base}/boleto/novo" data-once>
<button class="btn" type="submit">Gerar novo boleto</button>
</form>`
  }
  if (!checkout.boletoLine || !checkout.boletoDueAt) {
    return `<p class="muted">O boleto vence em ${BOLETO_DUE_DAYS} dias. Depois de pago, a confirmação pode levar até 3 dias úteis, e o acesso é liberado assim que o banco confirmar.</p>
<form method="post" action="${base}/boleto" data-once novalidate>
${alert}
<div class="field"><label for="boleto-cpf">CPF de quem paga</label>
<input id="boleto-cpf" name="cpf" inputmode="numeric" autocomplete="off" placeholder="000.000.000-00" maxlength="14" required value="${e(cpf)}"${alert ? ' aria-invalid="true"' : ''}></div>
<button class="btn" type="submit">Gerar boleto</button>
</form>`
  }
  return `${alert}
<div data-pix-wait="${base}/status" data-boleto>
<div>
<div class="row"><span class="muted">Valor</span><span>${e(amount)}</span></div>
${checkout.payerCpf ? `<div class="row"><span class="muted">Pagador</span><span>CPF ${e(formatCpf(checkout.payerCpf))}</span></div>` : ''}
<div class="row"><span class="muted">Vencimento</span><span data-testid="boleto-due">${e(dateBr(checkout.boletoDueAt))}</span></div>
</div>
<p class="small muted" id="boleto-line-label">Linha digitável</p>
<p class="payload line" aria-labelledby="boleto-line-label" data-testid="boleto-line">${e(formatBoletoLine(checkout.boletoLine))}</p>
<div class="actions">
<button class="btn secondary" type="button" data-copy="${e(checkout.boletoLine)}" data-copied="Linha copiada">Copiar linha digitável</button>
<a class="btn secondary" href="${base}/boleto.pdf" target="_blank" rel="noopener">Baixar boleto (PDF)</a>
</div>
<p class="waiting" role="status">Aguardando a confirmação do banco…</p>
<p class="small muted">Pagou? A confirmação do boleto pode levar até 3 dias úteis. Você pode fechar esta página: o acesso é liberado assim que o banco confirmar, e avisamos por e-mail.</p>
<a class="btn" href="${base}/banco?boleto=1" target="_blank" rel="noopener">Pagar no banco de testes</a>
</div>`
}

const STATUS_LABEL: Record<string, { text: string; tone: '' | 'warn' | 'off' }> = {
  active: { text: 'Ativa', tone: '' },
  past_due: { text: 'Pagamento pendente', tone: 'warn' },
  canceled: { text: 'Cancelada', tone: 'off' },
}

export interface PortalPageInput {
  productName: string
  portalId: string
  returnUrl: string
  subscription: SandboxSubscriptionRow | null
  plans: PortalPlan[]
  notice: string | null
  error: string | null
}

export function portalPage(input: PortalPageInput): string {
  const sub = input.subscription
  const base = `/sandbox/portal/${encodeURIComponent(input.portalId)}`
  const back = `<a class="btn secondary" href="${e(input.returnUrl)}">Voltar para ${e(input.productName)}</a>`
  if (!sub) {
    return layout('Portal do cliente — Ambiente de testes', `<main class="card stack"><h1>Nenhuma assinatura</h1><p class="muted">Este cliente não tem assinatura.</p>${back}</main>`, input.productName)
  }
  const live = sub.status === 'active' || sub.status === 'past_due'
  const scheduled = live && sub.cancelAtPeriodEnd
  const status = scheduled ? { text: 'Cancelamento agendado', tone: 'warn' as const } : (STATUS_LABEL[sub.status] ?? { text: sub.status, tone: 'off' as const })
  const amount = formatMoney(sub.amountCents, sub.currency)
  const paymentMethod =
    sub.paymentMethod === 'pix' ? (sub.pixAuthorizationId ? 'Pix Automático' : 'Pix') : sub.paymentMethod === 'boleto' ? 'Boleto' : sub.cardLast4 ? `${(sub.cardBrand ?? 'cartão').toUpperCase()} •••• ${sub.cardLast4}` : 'Cartão'
  const when = !live
    ? `<div class="row"><span class="muted">Encerrada em</span><span>${e(dateBr(sub.canceledAt ?? sub.currentPeriodEnd))}</span></div>`
    : scheduled
      ? `<div class="row"><span class="muted">Acesso até</span><span>${e(dateBr(sub.currentPeriodEnd))}</span></div>`
      : `<div class="row"><span class="muted">Próxima cobrança</span><span>${e(dateBr(sub.currentPeriodEnd))}</span></div>`
  const summary = `<section class="card" aria-labelledby="sub-title">
<a class="backlink" href="${e(input.returnUrl)}">← Voltar para ${e(input.productName)}</a>
<p class="muted small">Portal do cliente</p>
<h1 id="sub-title">Plano ${e(sub.productName)}</h1>
<p><span class="badge ${status.tone}">${e(status.text)}</span></p>
<div>
<div class="row"><span class="muted">Valor</span><span>${e(amount)} ${e(intervalLabel(sub.intervalMonths))}</span></div>
${when}
<div class="row"><span class="muted">Forma de pagamento</span><span>${e(paymentMethod)}</span></div>
</div>
</section>`
  const notice = input.notice ? `<div class="alert ok" role="status">${e(input.notice)}</div>` : ''
  const error = input.error ? `<div class="alert error" role="alert">${e(input.error)}</div>` : ''
  const otherPlans = input.plans.filter((plan) => plan.code !== sub.metadata.plan_code)
  const actions = live
    ? `<section class="card stack" aria-labelledby="cancel-title">
<h2 id="cancel-title">${scheduled ? 'Retomar assinatura' : 'Cancelar assinatura'}</h2>
${
  scheduled
    ? `<p class="muted">A assinatura termina em ${e(dateBr(sub.currentPeriodEnd))}. Retome para continuar com a renovação automática.</p>
<form method="post" action="${base}/resume"><button class="btn" type="submit">Retomar assinatura</button></form>`
    : `<p class="muted">Você mantém o acesso até ${e(dateBr(sub.currentPeriodEnd))}; depois disso não haverá nova cobrança.</p>
<form method="post" action="${base}/cancel"><button class="btn danger" type="submit">Cancelar assinatura</button></form>`
}
</section>
${
  otherPlans.length
    ? `<section class="card stack" aria-labelledby="plan-title">
<h2 id="plan-title">Trocar plano</h2>
<form method="post" action="${base}/plan">
<div class="field"><label for="plan-code">Novo plano</label>
<select id="plan-code" name="planCode">${otherPlans
        .map((plan) => `<option value="${e(plan.code)}">${e(plan.name)} — ${e(formatMoney(plan.amountCents, plan.currency))} ${e(intervalLabel(plan.intervalMonths))}</option>`)
        .join('')}</select></div>
<button class="btn secondary" type="submit">Trocar plano</button>
</form>
</section>`
    : ''
}
<section class="card stack" aria-labelledby="card-title">
<h2 id="card-title">Atualizar cartão</h2>
<form method="post" action="${base}/card" novalidate>
${cardFields({}, false)}
<button class="btn secondary" type="submit">Salvar cartão</button>
</form>
</section>`
    : `<section class="card"><p class="muted">Esta assinatura foi encerrada.</p></section>`
  const body = `<main class="grid">
<div class="area-summary">${summary}</div>
<div class="area-pay stack">${notice}${error}${actions}</div>
</main>`
  return layout('Portal do cliente — Ambiente de testes', body, input.productName)
}
