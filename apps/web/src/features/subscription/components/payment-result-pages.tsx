import { useQuery } from '@tanstack/react-query'
import { ArrowRight, CircleCheckBig, CircleX, Hourglass, RefreshCw, TriangleAlert } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { COMMERCE_MSG, formatMoney, paidByCardLabel } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client'
import { commerceKeys, verifyPayment } from '../api/commerce-api'
import { cleanCheckoutId } from '../lib/checkout-id'
import { DetailList, StatusCard } from './commerce-shell'

function verificationErrorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status >= 500 || error.isNetworkError) return COMMERCE_MSG.verifyPaymentFailed
    if (error.message && error.message !== GENERIC_ERROR_MESSAGE) return error.message
    return COMMERCE_MSG.paymentNotVerifiable
  }
  return COMMERCE_MSG.verifyPaymentUnexpected
}

/**
 * `/pagamento/sucesso?session_id=` (docs/product/commerce.md#payment-result-pagamentosucesso):
 * 'paid' shows the confirmation with the purchase details; any other status shows processing.
 */
export function PaymentResultPage({ productName }: { productName: string }) {
  const [search] = useSearchParams()
  const checkoutId = cleanCheckoutId(search.get('session_id'))
  const result = useQuery({
    queryKey: commerceKeys.verifyPayment(checkoutId ?? ''),
    queryFn: ({ signal }) => verifyPayment(checkoutId!, signal),
    enabled: checkoutId !== null,
    retry: false,
    staleTime: 0,
  })

  const home = (
    <ButtonLink to="/" size="lg" variant="outline" className="mt-8 w-full sm:w-auto">
      Voltar ao início
    </ButtonLink>
  )

  if (!checkoutId) {
    return (
      <StatusCard pageTitle={`Pagamento — ${productName}`} icon={<TriangleAlert />} tone="danger" title={COMMERCE_MSG.paymentNotVerifiable} description={COMMERCE_MSG.missingCheckoutId}>
        {home}
      </StatusCard>
    )
  }
  if (result.isPending) {
    return (
      <StatusCard pageTitle={`Pagamento — ${productName}`} icon={<Spinner label={null} className="size-8" />} title="Verificando seu pagamento...">
        <p role="status" className="sr-only">
          Verificando seu pagamento...
        </p>
      </StatusCard>
    )
  }
  if (result.isError) {
    return (
      <StatusCard pageTitle={`Pagamento — ${productName}`} icon={<CircleX />} tone="danger" title={COMMERCE_MSG.verifyPaymentFailed} description={<span role="alert">{verificationErrorText(result.error)}</span>}>
        {home}
      </StatusCard>
    )
  }
  const payment = result.data
  if (payment.paymentStatus !== 'paid') {
    return (
      <StatusCard
        pageTitle={`Processando pagamento — ${productName}`}
        icon={<Hourglass />}
        tone="warning"
        title="Processando Pagamento..."
        description="Seu pagamento ainda está sendo confirmado. Isso costuma levar poucos instantes."
      >
        <Button size="lg" className="mt-8 w-full sm:w-auto" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Verificar Novamente
        </Button>
      </StatusCard>
    )
  }
  return (
    <StatusCard
      pageTitle={`Pagamento confirmado — ${productName}`}
      icon={<CircleCheckBig />}
      tone="success"
      title="Pagamento Confirmado!"
      description="Obrigado! Seu pagamento foi aprovado e sua assinatura está ativa."
      wide
    >
      <DetailList
        className="mt-7"
        items={[
          { label: 'Nome', value: payment.customerName ?? '—', testId: 'payment-customer-name' },
          { label: 'E-mail', value: payment.customerEmail ?? '—', testId: 'payment-customer-email' },
          { label: 'Valor', value: formatMoney(payment.amount, payment.currency), testId: 'payment-amount' },
          ...(payment.installments !== null
            ? [{ label: 'Pagamento', value: paidByCardLabel(payment.amount, payment.installments, payment.installmentsWithInterest), testId: 'payment-installments' }]
            : []),
          { label: 'Moeda', value: payment.currency.toUpperCase(), testId: 'payment-currency' },
        ]}
      />
      <ButtonLink to="/dashboard" size="lg" className="mt-8 w-full sm:w-auto">
        Acessar Dashboard
        <ArrowRight aria-hidden="true" />
      </ButtonLink>
    </StatusCard>
  )
}

/** `/pagamento/cancelado`: the buyer left the provider's page. */
export function PaymentCancelledPage({ productName }: { productName: string }) {
  return (
    <StatusCard
      pageTitle={`Pagamento cancelado — ${productName}`}
      icon={<CircleX />}
      tone="warning"
      title="Pagamento Cancelado"
      description="Nenhuma cobrança foi feita. Quando quiser, é só tentar de novo."
    >
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to="/pagamento" size="lg" className="w-full sm:w-auto">
          Tentar Novamente
        </ButtonLink>
        <ButtonLink to="/" size="lg" variant="outline" className="w-full sm:w-auto">
          Voltar ao Início
        </ButtonLink>
      </div>
    </StatusCard>
  )
}
