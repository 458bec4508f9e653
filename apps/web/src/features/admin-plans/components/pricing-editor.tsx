import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import type { AdminPlan } from '@sintonia/contract'
import { PlanCard } from '../../../components/plans/plan-card'
import { Button } from '../../../components/ui/button'
import { FormAlert, FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { getErrorMessage } from '../../../lib/api-client'
import { useSavePlan } from '../api/plans'
import { PreviewButton } from './details-editor'
import { previewPlan, pricingValuesOf, validatePricing, type PricingErrors, type PricingFormValues } from '../lib/pricing-form'

/**
 * Price and promotion of one plan with a live preview of the card the public sees (countdown
 * included). What the admin typed stays in the form when the save fails.
 */
export function PricingEditor({ plan }: { plan: AdminPlan }) {
  const [values, setValues] = useState<PricingFormValues>(() => pricingValuesOf(plan))
  const [errors, setErrors] = useState<PricingErrors>({})
  const reveal = useErrorReveal()
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useSavePlan()
  const id = (name: string) => `pricing-${plan.code}-${name}`
  const preview = previewPlan(plan, values)

  function set<K extends keyof PricingFormValues>(key: K, value: PricingFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setServerError(null)
    const result = validatePricing(values)
    if ('errors' in result) {
      setErrors(result.errors)
      reveal.reveal()
      return
    }
    try {
      await save.mutateAsync({ code: plan.code, part: 'pricing', body: result.body })
      toast.success(`Preço do plano ${plan.name} salvo`)
    } catch (error) {
      const message = getErrorMessage(error)
      setServerError(message)
      reveal.reveal()
      toast.error(message)
    }
  }

  const field = (name: keyof PricingFormValues) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(id(name), { error: errors[name] }),
  })

  return (
    <section aria-labelledby={id('title')} className="grid gap-6 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6 lg:grid-cols-[minmax(0,1fr)_18rem]" data-testid={`pricing-${plan.code}`}>
      <form ref={reveal.ref} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div>
          <h2 id={id('title')} className="text-xl font-bold text-ink">
            {plan.name}
            {plan.isActive ? null : <span className="ml-2 text-sm font-medium text-ink-muted">(inativo)</span>}
          </h2>
          <p className="text-sm text-ink-muted">Cobrança a cada {plan.intervalMonths} {plan.intervalMonths === 1 ? 'mês' : 'meses'}</p>
        </div>
        <FormField id={id('price')} label="Preço do período (R$)" requirement="required" error={errors.price} hint="Preço normal, cobrado a cada período.">
          <TextInput {...field('price')} inputMode="decimal" value={values.price} onChange={(e) => set('price', e.target.value)} />
        </FormField>
        <label className="flex items-center gap-3 rounded-xl border border-line px-4 py-3">
          <input type="checkbox" className="size-5 accent-brand-700" checked={values.hasPromotion} onChange={(e) => set('hasPromotion', e.target.checked)} />
          <span className="font-semibold text-ink">Promoção ativa</span>
        </label>
        <fieldset disabled={!values.hasPromotion} className="grid gap-4 disabled:opacity-60 sm:grid-cols-2">
          <legend className="sr-only">Promoção</legend>
          <FormField id={id('discount')} label="Desconto (%)" requirement={values.hasPromotion ? 'required' : undefined} error={errors.discount}>
            <TextInput {...field('discount')} inputMode="numeric" value={values.discount} onChange={(e) => set('discount', e.target.value)} />
          </FormField>
          <FormField id={id('label')} label="Selo" requirement="optional" error={errors.label} hint="Padrão: OFERTA LIMITADA">
            <TextInput {...field('label')} maxLength={40} value={values.label} onChange={(e) => set('label', e.target.value)} />
          </FormField>
          <FormField id={id('endsAt')} label="Termina em" requirement={values.hasPromotion ? 'required' : undefined} error={errors.endsAt} className="sm:col-span-2">
            <TextInput {...field('endsAt')} type="datetime-local" value={values.endsAt} onChange={(e) => set('endsAt', e.target.value)} />
          </FormField>
        </fieldset>
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton loading={save.isPending} loadingText="Salvando..." size="md" className="sm:w-auto">
            Salvar preço
          </SubmitButton>
          <Button
            variant="ghost"
            disabled={save.isPending}
            onClick={() => {
              setValues(pricingValuesOf(plan))
              setErrors({})
              setServerError(null)
            }}
          >
            Desfazer alterações
          </Button>
        </div>
      </form>
      <div>
        <p className="mb-3 text-sm font-semibold text-ink-muted">Prévia no site</p>
        <ul aria-label={`Prévia do plano ${plan.name}`}>
          <PlanCard plan={preview} action={<PreviewButton text={preview.buttonText} popular={preview.popular} />} />
        </ul>
      </div>
    </section>
  )
}
