import { Link } from 'react-router'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { QueryError } from '../../../components/admin/query-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { useAdminPlans } from '../api/plans'
import { DetailsEditor } from './details-editor'
import { PricingEditor } from './pricing-editor'

function Loading() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  )
}

/** `/admin/pricing`: what each plan costs and its promotion, with a preview of the card. */
export function PricingPage() {
  const plans = useAdminPlans()
  return (
    <div>
      <AdminPageHeader
        title="Preços"
        description={
          <>
            Preço de cada plano e promoções com data de fim. Nome, descrição, ordem e quais planos aparecem no site ficam em{' '}
            <Link to="/admin/subscription-plans" className="font-semibold text-accent underline">
              Planos
            </Link>
            .
          </>
        }
      />
      {plans.isError ? <QueryError error={plans.error} onRetry={() => void plans.refetch()} /> : null}
      {plans.isPending ? <Loading /> : null}
      <div className="flex flex-col gap-6">
        {plans.data?.plans.map((plan) => (
          <PricingEditor key={`${plan.code}-${plan.updatedAt}`} plan={plan} />
        ))}
      </div>
    </div>
  )
}

/** `/admin/subscription-plans`: texts (benefits and button included), active/popular flags and order of each plan, each with its card's preview. */
export function SubscriptionPlansPage() {
  const plans = useAdminPlans()
  return (
    <div>
      <AdminPageHeader
        title="Planos"
        description={
          <>
            Nome, descrição, duração, benefícios do cartão, texto do botão, destaque, ordem e quais planos aparecem em /assinatura e na página
            inicial. Preços e promoções ficam em{' '}
            <Link to="/admin/pricing" className="font-semibold text-accent underline">
              Preços
            </Link>
            .
          </>
        }
      />
      {plans.isError ? <QueryError error={plans.error} onRetry={() => void plans.refetch()} /> : null}
      {plans.isPending ? <Loading /> : null}
      <div className="flex flex-col gap-6">
        {plans.data?.plans.map((plan) => (
          <DetailsEditor key={`${plan.code}-${plan.updatedAt}`} plan={plan} />
        ))}
      </div>
    </div>
  )
}
