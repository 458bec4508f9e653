import { useRef, useState, type FormEvent } from 'react'
import { ArrowRight, CircleAlert, Lock } from 'lucide-react'
import { Link } from 'react-router'
import {
  INTEREST_OPTIONS,
  LEAD_CONSENT_TEXT,
  LEAD_LIMITS,
  installPtBrZodMessages,
  leadCreateSchema,
  type LeadCreated,
} from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError } from '../../../lib/api-client'
import { useCreateLead } from '../api/leads-api'
import {
  EMPTY_LEAD_FORM,
  fieldErrorsFromIssues,
  leadErrorMessage,
  noTrack,
  toLeadInput,
  type LeadFormField,
  type LeadFormValues,
  type TrackEvent,
  type UtmParams,
} from '../lib/lead-form'
import { describedBy, EmailInput, FormField, SelectInput, TextInput, useErrorReveal } from '../../../components/ui/form'

// Messages zod writes itself (types, lengths) must be pt-BR too. Installed here, in the one form
// validated by zod in the browser, so zod stays out of the landing page's bundle.
installPtBrZodMessages()

const PRIVACY_LINK_TEXT = 'Política de Privacidade'

/** The consent sentence with its mention of the privacy policy turned into a link. */
function ConsentText() {
  const at = LEAD_CONSENT_TEXT.indexOf(PRIVACY_LINK_TEXT)
  if (at < 0) return <>{LEAD_CONSENT_TEXT}</>
  return (
    <>
      {LEAD_CONSENT_TEXT.slice(0, at)}
      <Link to="/privacy" target="_blank" rel="noopener" className="font-semibold text-accent-strong underline underline-offset-2 hover:text-accent-strong">
        {PRIVACY_LINK_TEXT}
        <span className="sr-only"> (abre em nova aba)</span>
      </Link>
      {LEAD_CONSENT_TEXT.slice(at + PRIVACY_LINK_TEXT.length)}
    </>
  )
}

export interface LeadFormProps {
  /** utm_source / utm_medium / utm_campaign of the page URL, sent with the lead. */
  utm: UtmParams
  onSuccess: (lead: LeadCreated) => void
  track?: TrackEvent
}

interface FormErrors {
  form?: string
  fields: Partial<Record<LeadFormField, string>>
}

const NO_ERRORS: FormErrors = { fields: {} }

/**
 * The lead sign-up form (docs/product/public-pages.md#lead-sign-up-inscricao). The shared contract
 * schema checks every field before the request, and each field with a problem shows its message —
 * an empty name or e-mail included — the first one brought into view and focused. Any error clears
 * as soon as a field changes.
 */
export function LeadForm({ utm, onSuccess, track = noTrack }: LeadFormProps) {
  const [values, setValues] = useState<LeadFormValues>(EMPTY_LEAD_FORM)
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS)
  const createLead = useCreateLead()
  const focused = useRef(new Set<LeadFormField>())
  const reveal = useErrorReveal()
  const pending = createLead.isPending

  const change = <K extends LeadFormField>(field: K, value: LeadFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => (current.form || Object.keys(current.fields).length > 0 ? NO_ERRORS : current))
  }

  const onFocus = (field: LeadFormField) => {
    if (focused.current.has(field)) return
    focused.current.add(field)
    track('form_field_focus', { fieldTitle: field })
  }

  const showErrors = (next: FormErrors) => {
    setErrors(next)
    reveal.reveal()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const input = toLeadInput(values, utm)
    // Every field at once, consent included: each one with a problem shows its own message.
    const checked = leadCreateSchema.safeParse({ ...input, consent: values.consent })
    if (!checked.success) return showErrors({ fields: fieldErrorsFromIssues(checked.error.issues) })

    setErrors(NO_ERRORS)
    const interestField = values.interestField || 'nenhum'
    track('lead_submitted', { interestField })
    createLead.mutate(input, {
      onSuccess: (lead) => {
        track('conversion_completed', { interestField, source: utm.utm_source ?? 'direto' })
        onSuccess(lead)
      },
      onError: (error) => {
        const fields = error instanceof ApiRequestError && error.status === 400 ? fieldErrorsFromIssues(error.issues) : {}
        showErrors({ form: leadErrorMessage(error), fields })
      },
    })
  }

  const fieldProps = (field: Exclude<LeadFormField, 'consent'>, hint?: string) => ({
    id: `lead-${field}`,
    name: field,
    value: values[field],
    onFocus: () => onFocus(field),
    'aria-invalid': errors.fields[field] ? true : undefined,
    'aria-describedby': describedBy(`lead-${field}`, { hint, error: errors.fields[field] }),
  })

  const phoneHint = 'Inclua o DDD. Só usamos para enviar conteúdos, se você autorizar abaixo.'

  return (
    <form ref={reveal.ref} noValidate onSubmit={onSubmit} aria-labelledby="lead-form-title" aria-busy={pending || undefined} className="flex flex-col gap-5">
      <p className="text-sm text-ink-muted">
        Campos com <span aria-hidden="true" className="font-semibold text-accent">*</span>
        <span className="sr-only">asterisco</span> são obrigatórios.
      </p>

      <FormField id="lead-name" label="Nome" requirement="required" error={errors.fields.name}>
        <TextInput
          {...fieldProps('name')}
          type="text"
          autoComplete="name"
          autoCapitalize="words"
          enterKeyHint="next"
          maxLength={LEAD_LIMITS.nameMax}
          aria-required="true"
          placeholder="Como podemos chamar você?"
          onChange={(event) => change('name', event.target.value)}
        />
      </FormField>

      <FormField id="lead-email" label="E-mail" requirement="required" error={errors.fields.email}>
        <EmailInput
          {...fieldProps('email')}
          enterKeyHint="next"
          maxLength={LEAD_LIMITS.emailMax}
          aria-required="true"
          placeholder="voce@exemplo.com"
          onValueChange={(value) => change('email', value)}
        />
      </FormField>

      <FormField id="lead-phone" label="WhatsApp" requirement="optional" hint={phoneHint} error={errors.fields.phone}>
        <TextInput
          {...fieldProps('phone', phoneHint)}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          enterKeyHint="next"
          maxLength={LEAD_LIMITS.phoneMaxChars}
          placeholder="(11) 98765-4321"
          onChange={(event) => change('phone', event.target.value)}
        />
      </FormField>

      <FormField id="lead-interestField" label="Área de interesse" requirement="optional" error={errors.fields.interestField}>
        <SelectInput
          {...fieldProps('interestField')}
          onChange={(event) => change('interestField', event.target.value as LeadFormValues['interestField'])}
        >
          <option value="">Escolha uma área</option>
          {INTEREST_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectInput>
      </FormField>

      <div data-form-field="" className="rounded-2xl border border-line bg-surface p-4">
        <div className="flex gap-3">
          <input
            id="lead-consent"
            name="consent"
            type="checkbox"
            checked={values.consent}
            onChange={(event) => change('consent', event.target.checked)}
            onFocus={() => onFocus('consent')}
            aria-required="true"
            aria-invalid={errors.fields.consent ? true : undefined}
            aria-describedby={errors.fields.consent ? 'lead-consent-error' : undefined}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700"
          />
          <label htmlFor="lead-consent" className="cursor-pointer text-sm leading-relaxed text-ink">
            <ConsentText />
            <span aria-hidden="true" className="ml-0.5 font-semibold text-accent">
              *
            </span>
          </label>
        </div>
        {errors.fields.consent ? (
          <p id="lead-consent-error" className="mt-2 pl-8 text-sm font-medium text-danger">
            {errors.fields.consent}
          </p>
        ) : null}
        <p className="mt-3 pl-8 text-sm leading-relaxed text-ink-muted">
          Leia também os{' '}
          <Link to="/terms" target="_blank" rel="noopener" className="font-semibold text-accent-strong underline underline-offset-2 hover:text-accent-strong">
            Termos de Uso
            <span className="sr-only"> (abre em nova aba)</span>
          </Link>{' '}
          e{' '}
          <Link to="/lgpd" target="_blank" rel="noopener" className="font-semibold text-accent-strong underline underline-offset-2 hover:text-accent-strong">
            seus direitos na LGPD
            <span className="sr-only"> (abre em nova aba)</span>
          </Link>
          .
        </p>
      </div>

      {errors.form ? (
        <div role="alert" className="flex gap-3 rounded-2xl border border-danger-line bg-danger-soft p-4 text-[0.95rem] leading-relaxed text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{errors.form}</p>
        </div>
      ) : null}

      <Button type="submit" size="lg" disabled={pending} className="w-full whitespace-normal">
        {pending ? (
          <>
            <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" />
            Processando...
          </>
        ) : (
          <>
            Quero Receber Grátis
            <ArrowRight aria-hidden="true" />
          </>
        )}
      </Button>
      <p className="text-center text-sm leading-relaxed text-ink-muted">
        <Lock aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.2em]" />
        Seus dados estão protegidos e nunca serão vendidos.
      </p>
    </form>
  )
}
