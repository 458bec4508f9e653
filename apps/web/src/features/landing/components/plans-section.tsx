import { ArrowRight, CalendarDays } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'

/**
 * Subscription plans anchor (`#planos`, the default target of the price-comparison button).
 * Placeholder: the commerce work replaces the body with the plan cards.
 */
export function PlansSection() {
  return (
    <section id="planos" aria-labelledby="planos-title" className="bg-surface py-14 outline-none sm:py-24">
      <div className="mx-auto max-w-3xl px-5 text-center sm:px-6">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-100 text-brand-700">
          <CalendarDays aria-hidden="true" className="size-7" />
        </span>
        <h2 id="planos-title" className="mt-6 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Planos
        </h2>
        <p className="mt-4 text-base leading-relaxed text-pretty text-ink-muted sm:text-lg">
          Escolha entre os planos trimestral, semestral ou anual e tenha acesso completo a todos os campos de
          desenvolvimento.
        </p>
        <ButtonLink to="/assinatura" size="lg" className="mt-8 w-full sm:w-auto">
          Ver planos e preços
          <ArrowRight aria-hidden="true" />
        </ButtonLink>
      </div>
    </section>
  )
}
