import type { PublicPlan } from '@sintonia/contract'
import { PlanCard } from '../../../components/plans/plan-card'
import { ButtonLink } from '../../../components/ui/button'
import { subscribeHref } from '../lib/plans'

/** The cards of the landing's plan list, each button (the admin's text) leading to the plan page with the plan chosen; loaded on demand (below the fold). */
export function PlanCards({ plans }: { plans: readonly PublicPlan[] }) {
  return plans.map((plan) => (
    <PlanCard
      key={plan.code}
      plan={plan}
      action={
        <ButtonLink to={subscribeHref(plan.code)} size="lg" variant={plan.popular ? 'primary' : 'outline'} className="w-full whitespace-normal">
          {plan.buttonText}
        </ButtonLink>
      }
    />
  ))
}
