import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { ADMIN_MSG, planDetailsSchema, type AdminPlan, type PlanDetailsInput } from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'
import { FormAlert, FormField, SubmitButton, TextInput, describedBy } from '../../../components/ui/form'
import { getErrorMessage } from '../../../lib/api-client'
import { useSavePlan } from '../api/plans'

interface DetailsValues {
  name: string
  description: string
  intervalMonths: string
  savings: string
  popular: boolean
  isActive: boolean
  displayOrder: string
}

type DetailsErrors = Partial<Record<keyof DetailsValues, string>>

function valuesOf(plan: AdminPlan): DetailsValues {
  return {
    name: plan.name,
    description: plan.description,
    intervalMonths: String(plan.intervalMonths),
    savings: plan.savings ?? '',
    popular: plan.popular,
    isActive: plan.isActive,
    displayOrder: String(plan.displayOrder),
  }
}

/** Texts, visibility and order of one plan; inactive plans leave /assinatura and the landing. */
export function DetailsEditor({ plan }: { plan: AdminPlan }) {
  const [values, setValues] = useState<DetailsValues>(() => valuesOf(plan))
  const [errors, setErrors] = useState<DetailsErrors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useSavePlan()
  const id = (name: string) => `plan-${plan.code}-${name}`

  function set<K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setServerError(null)
    const parsed = planDetailsSchema.safeParse({
      name: values.name,
      description: values.description,
      intervalMonths: values.intervalMonths.trim() === '' ? Number.NaN : Number(values.intervalMonths),
      savings: values.savings.trim() || null,
      popular: values.popular,
      isActive: values.isActive,
      displayOrder: values.displayOrder.trim() === '' ? Number.NaN : Number(values.displayOrder),
    })
    if (!parsed.success) {
      const next: DetailsErrors = {}
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof DetailsValues
        next[key] ??= issue.message
      }
      setErrors(next)
      return
    }
    try {
      await save.mutateAsync({ code: plan.code, part: 'details', body: parsed.data satisfies PlanDetailsInput })
      toast.success(`Plano ${parsed.data.name} salvo`)
    } catch (error) {
      const message = getErrorMessage(error)
      setServerError(message)
      toast.error(message)
    }
  }

  const field = (name: keyof DetailsValues) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(id(name), { error: errors[name] }),
  })

  return (
    <form onSubmit={submit} noValidate aria-labelledby={id('title')} className="flex flex-col gap-4 rounded-3xl border border-line bg-white p-5 shadow-soft sm:p-6" data-testid={`plan-${plan.code}`}>
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
        <FormField id={id('savings')} label="Texto de economia" requirement="optional" error={errors.savings} hint="Ex.: Economize 20%">
          <TextInput {...field('savings')} maxLength={60} value={values.savings} onChange={(e) => set('savings', e.target.value)} />
        </FormField>
        <FormField id={id('description')} label="Descrição" requirement="optional" error={errors.description} className="sm:col-span-2">
          <TextInput {...field('description')} maxLength={300} value={values.description} onChange={(e) => set('description', e.target.value)} />
        </FormField>
        <FormField id={id('intervalMonths')} label="Duração (meses)" requirement="required" error={errors.intervalMonths}>
          <TextInput {...field('intervalMonths')} inputMode="numeric" value={values.intervalMonths} onChange={(e) => set('intervalMonths', e.target.value)} />
        </FormField>
        <FormField id={id('displayOrder')} label="Ordem de exibição" requirement="required" error={errors.displayOrder} hint="Menor aparece primeiro.">
          <TextInput {...field('displayOrder')} inputMode="numeric" value={values.displayOrder} onChange={(e) => set('displayOrder', e.target.value)} />
        </FormField>
      </div>
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
      <SubmitButton loading={save.isPending} loadingText="Salvando..." size="md" className="sm:w-auto sm:self-start">
        Salvar plano
      </SubmitButton>
    </form>
  )
}
