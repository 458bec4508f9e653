import { useState, type FormEvent } from 'react'
import { Plus, X } from 'lucide-react'
import { toast } from 'sonner'
import { ADMIN_MSG, PLAN_BENEFITS_MAX, PLAN_BENEFIT_MAX_CHARS, PLAN_BUTTON_TEXT_MAX, type AdminPlan } from '@sintonia/contract'
import { PlanCard } from '../../../components/plans/plan-card'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonVariants } from '../../../components/ui/button'
import { FormAlert, FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { getErrorMessage } from '../../../lib/api-client'
import { useSavePlan } from '../api/plans'
import { detailsPreview, detailsValuesOf, validateDetails, type DetailsErrors, type DetailsValues } from '../lib/details-form'

/**
 * Texts, visibility and order of one plan — with the card's benefits and its button text — and a
 * live preview of the card the public sees. Inactive plans leave /assinatura and the landing.
 */
export function DetailsEditor({ plan }: { plan: AdminPlan }) {
  const [values, setValues] = useState<DetailsValues>(() => detailsValuesOf(plan))
  const [errors, setErrors] = useState<DetailsErrors>({})
  const reveal = useErrorReveal()
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useSavePlan()
  const id = (name: string) => `plan-${plan.code}-${name}`
  const preview = detailsPreview(plan, values)

  function set<K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }

  function setBenefits(next: string[]) {
    setValues((current) => ({ ...current, benefits: next }))
    // Lines move when one is removed: their old messages would point at the wrong line.
    setErrors((current) => ({ ...current, benefits: undefined, benefitLines: undefined }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setServerError(null)
    const result = validateDetails(values)
    if ('errors' in result) {
      setErrors(result.errors)
      reveal.reveal()
      return
    }
    try {
      await save.mutateAsync({ code: plan.code, part: 'details', body: result.body })
      toast.success(`Plano ${result.body.name} salvo`)
    } catch (error) {
      const message = getErrorMessage(error)
      setServerError(message)
      reveal.reveal()
      toast.error(message)
    }
  }

  const field = (name: Exclude<keyof DetailsValues, 'benefits'>, hint?: string) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(id(name), { hint, error: errors[name] }),
  })
  const buttonHint = `Em branco, o botão diz "Assinar ${values.name.trim() || plan.name}".`

  return (
    <section
      aria-labelledby={id('title')}
      className="grid gap-6 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      data-testid={`plan-${plan.code}`}
    >
      <form ref={reveal.ref} onSubmit={submit} noValidate aria-labelledby={id('title')} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={id('title')} className="text-xl font-bold text-ink">
            {plan.name}
          </h2>
          <Badge variant="outline">{plan.code}</Badge>
          {plan.isActive ? <Badge variant="success">Ativo</Badge> : <Badge variant="neutral">Inativo</Badge>}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('name')} label="Nome" requirement="required" error={errors.name}>
            <TextInput {...field('name')} maxLength={60} value={values.name} onChange={(e) => set('name', e.target.value)} />
          </FormField>
          <FormField id={id('savings')} label="Texto de economia" requirement="optional" error={errors.savings} hint="Em branco, calculado pelos preços (ex.: Economize 20%). Escreva só para trocar o texto.">
            <TextInput {...field('savings', 'Ex.: Economize 20%')} maxLength={60} value={values.savings} onChange={(e) => set('savings', e.target.value)} />
          </FormField>
          <FormField id={id('description')} label="Descrição" requirement="optional" error={errors.description} className="sm:col-span-2">
            <TextInput {...field('description')} maxLength={300} value={values.description} onChange={(e) => set('description', e.target.value)} />
          </FormField>
          <FormField id={id('intervalMonths')} label="Duração (meses)" requirement="required" error={errors.intervalMonths}>
            <TextInput {...field('intervalMonths')} inputMode="numeric" value={values.intervalMonths} onChange={(e) => set('intervalMonths', e.target.value)} />
          </FormField>
          <FormField id={id('displayOrder')} label="Ordem de exibição" requirement="required" error={errors.displayOrder} hint="Menor aparece primeiro.">
            <TextInput
              {...field('displayOrder', 'Menor aparece primeiro.')}
              inputMode="numeric"
              value={values.displayOrder}
              onChange={(e) => set('displayOrder', e.target.value)}
            />
          </FormField>
        </div>

        <BenefitsField
          idPrefix={id('benefit')}
          lines={values.benefits}
          errors={errors}
          onChange={setBenefits}
        />

        <FormField id={id('buttonText')} label="Texto do botão" requirement="optional" error={errors.buttonText} hint={buttonHint}>
          <TextInput
            {...field('buttonText', buttonHint)}
            maxLength={PLAN_BUTTON_TEXT_MAX}
            placeholder={`Assinar ${values.name.trim() || plan.name}`}
            value={values.buttonText}
            onChange={(e) => set('buttonText', e.target.value)}
          />
        </FormField>

        <div className="flex flex-wrap gap-3">
          <label className="flex items-center gap-3 rounded-xl border border-line px-4 py-3">
            <input type="checkbox" className="size-5 accent-brand-700" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
            <span className="font-semibold text-ink">Ativo (aparece no site)</span>
          </label>
          <label className="flex items-center gap-3 rounded-xl border border-line px-4 py-3">
            <input type="checkbox" className="size-5 accent-brand-700" checked={values.popular} onChange={(e) => set('popular', e.target.checked)} />
            <span className="font-semibold text-ink">Mais popular</span>
          </label>
        </div>
        {serverError ? <FormAlert>{serverError === ADMIN_MSG.lastActivePlan ? `${serverError}: ative outro plano antes.` : serverError}</FormAlert> : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton loading={save.isPending} loadingText="Salvando..." size="md" className="sm:w-auto">
            Salvar plano
          </SubmitButton>
          <Button
            variant="ghost"
            disabled={save.isPending}
            onClick={() => {
              setValues(detailsValuesOf(plan))
              setErrors({})
              setServerError(null)
            }}
          >
            Desfazer alterações
          </Button>
        </div>
      </form>
      <div className="min-w-0">
        <p className="mb-3 text-sm font-semibold text-ink-muted">Prévia no site</p>
        <ul aria-label={`Prévia do plano ${preview.name}`} className="pt-3">
          <PlanCard plan={preview} action={<PreviewButton text={preview.buttonText} popular={preview.popular} />} />
        </ul>
      </div>
    </section>
  )
}

/** The card's call to action as the public sees it (not clickable here). */
export function PreviewButton({ text, popular }: { text: string; popular: boolean }) {
  return (
    <span data-testid="plan-button-preview" className={buttonVariants({ variant: popular ? 'primary' : 'outline', size: 'lg', className: 'pointer-events-none w-full whitespace-normal' })}>
      {text}
    </span>
  )
}

/** The card's benefits: one line each, 1 to 8, added and removed in place. */
function BenefitsField({
  idPrefix,
  lines,
  errors,
  onChange,
}: {
  idPrefix: string
  lines: string[]
  errors: DetailsErrors
  onChange: (next: string[]) => void
}) {
  const listErrorId = `${idPrefix}-list-error`
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={errors.benefits ? listErrorId : `${idPrefix}-hint`}>
      <legend className="text-[0.95rem] font-semibold text-ink">
        Benefícios no cartão
        <span aria-hidden="true" className="ml-0.5 text-accent">
          *
        </span>
      </legend>
      <p id={`${idPrefix}-hint`} className="text-sm text-ink-muted">
        Uma linha por benefício, na ordem em que aparecem (de 1 a {PLAN_BENEFITS_MAX}, até {PLAN_BENEFIT_MAX_CHARS} caracteres cada).
      </p>
      <ol className="flex flex-col gap-2">
        {lines.map((line, index) => {
          const lineId = `${idPrefix}-${index}`
          const error = errors.benefitLines?.[index]
          return (
            <li key={index} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <label htmlFor={lineId} className="sr-only">
                  Benefício {index + 1}
                </label>
                <TextInput
                  id={lineId}
                  maxLength={PLAN_BENEFIT_MAX_CHARS}
                  value={line}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${lineId}-error` : undefined}
                  onChange={(e) => onChange(lines.map((current, i) => (i === index ? e.target.value : current)))}
                  className="min-w-0 flex-1"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover benefício ${index + 1}`}
                  disabled={lines.length <= 1}
                  onClick={() => onChange(lines.filter((_, i) => i !== index))}
                  className="shrink-0"
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {error ? (
                <p id={`${lineId}-error`} className="text-sm font-medium text-danger">
                  {error}
                </p>
              ) : null}
            </li>
          )
        })}
      </ol>
      {errors.benefits ? (
        <p id={listErrorId} className="text-sm font-medium text-danger">
          {errors.benefits}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={lines.length >= PLAN_BENEFITS_MAX}
        onClick={() => onChange([...lines, ''])}
      >
        <Plus aria-hidden="true" />
        Adicionar benefício
      </Button>
    </fieldset>
  )
}
