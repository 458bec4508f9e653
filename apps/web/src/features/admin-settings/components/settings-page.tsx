import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { ADMIN_SETTINGS_MSG, generalSettingsSchema, type GeneralSettings } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { QueryError } from '../../../components/admin/query-error'
import { FormAlert, FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { getErrorMessage } from '../../../lib/api-client'
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { useGeneralSettings, useSaveGeneralSettings } from '../api/settings'

interface Draft {
  productName: string
  supportEmail: string
  guaranteeDays: string
  renewalGraceDays: string
  /** Percent a month as typed: '0', '1,99'. */
  installmentInterest: string
  retentionPauseMaxMonths: string
  retentionDiscountPercent: string
}

/** The interest's message belongs to the field the admin types in (percent), not the stored basis points. */
function onInterestField(errors: FieldErrors): FieldErrors {
  return errors.installmentInterestBasisPoints ? { ...errors, installmentInterest: errors.installmentInterestBasisPoints } : errors
}

/** Basis points → '1,99' (0 → '0'). */
const percentText = (basisPoints: number) => (basisPoints === 0 ? '0' : (basisPoints / 100).toFixed(2).replace('.', ','))

/** '1,99' or '1.99' → 199 basis points; anything else NaN (the schema then answers with the field's message). */
function basisPoints(value: string): number {
  const text = value.trim().replace(',', '.')
  return /^\d{1,2}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN
}

const toDraft = ({ installmentInterestBasisPoints, retentionPauseMaxMonths, retentionDiscountPercent, ...settings }: GeneralSettings): Draft => ({
  ...settings,
  guaranteeDays: String(settings.guaranteeDays),
  renewalGraceDays: String(settings.renewalGraceDays),
  installmentInterest: percentText(installmentInterestBasisPoints),
  retentionPauseMaxMonths: String(retentionPauseMaxMonths ?? 0),
  retentionDiscountPercent: String(retentionDiscountPercent ?? 0),
})

/** A whole number as typed, or NaN (the schema then answers with the field's range message). */
const wholeNumber = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN)

function SettingsForm({ initial }: { initial: GeneralSettings }) {
  const save = useSaveGeneralSettings()
  // What the admin typed stays in the form whatever the server answers.
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const reveal = useErrorReveal()

  const change = (key: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: '' }))
    setFailure(null)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const { installmentInterest, ...rest } = draft
    const parsed = generalSettingsSchema.safeParse({
      ...rest,
      guaranteeDays: wholeNumber(draft.guaranteeDays),
      renewalGraceDays: wholeNumber(draft.renewalGraceDays),
      installmentInterestBasisPoints: basisPoints(installmentInterest),
      retentionPauseMaxMonths: wholeNumber(draft.retentionPauseMaxMonths),
      retentionDiscountPercent: wholeNumber(draft.retentionDiscountPercent),
    })
    if (!parsed.success) {
      setErrors(onInterestField(zodFieldErrors(parsed.error)))
      reveal.reveal()
      return
    }
    try {
      const saved = await save.mutateAsync(parsed.data)
      setDraft(toDraft(saved))
      toast.success(ADMIN_SETTINGS_MSG.saved)
    } catch (error) {
      const message = getErrorMessage(error)
      setErrors(onInterestField(apiFieldErrors(error)))
      setFailure(message)
      reveal.reveal()
      toast.error(message)
    }
  }

  const field = (key: keyof Draft, label: string, hint: string, props: Record<string, unknown> = {}) => (
    <FormField id={`settings-${key}`} label={label} hint={hint} error={errors[key] || null}>
      <TextInput
        id={`settings-${key}`}
        value={draft[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(`settings-${key}`, { hint, error: errors[key] || null })}
        onChange={(event) => change(key)(event.target.value)}
        {...props}
      />
    </FormField>
  )

  return (
    <form ref={reveal.ref} onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-5 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {field('productName', 'Nome do produto', 'Aparece no topo de todas as páginas, na página inicial e nos e-mails.', { maxLength: 60, autoComplete: 'off' })}
      {field('supportEmail', 'E-mail de suporte', 'Para onde vão as respostas aos e-mails do produto e os pedidos da LGPD.', { type: 'email', autoComplete: 'off' })}
      {field('guaranteeDays', 'Prazo de garantia (dias)', 'De 1 a 365. Mostrado igual na página inicial e nas páginas de planos e de pagamento.', { inputMode: 'numeric', className: 'sm:w-40' })}
      {field(
        'renewalGraceDays',
        'Carência de renovação (dias)',
        'De 0 a 30. Quando uma renovação não é paga, o assinante mantém o acesso por estes dias enquanto paga o período por Pix ou boleto.',
        { inputMode: 'numeric', className: 'sm:w-40' },
      )}
      {field(
        'installmentInterest',
        'Juros do parcelamento no cartão (% ao mês)',
        'De 0 a 9,99. Com 0, as parcelas são sem juros; com juros, o checkout mostra cada parcela e o total. À vista nunca tem juros.',
        { inputMode: 'decimal', className: 'sm:w-40' },
      )}
      <fieldset className="flex flex-col gap-5 border-t border-line pt-5">
        <legend className="pt-5 text-base font-bold text-ink">Quando alguém pede o cancelamento</legend>
        <p className="-mt-2 text-sm leading-relaxed text-ink-muted">
          Antes de confirmar, o assinante responde (se quiser) por que está saindo e recebe, uma única vez, o que você oferecer aqui. As respostas aparecem no
          Financeiro.
        </p>
        {field(
          'retentionPauseMaxMonths',
          'Pausa oferecida (meses)',
          'De 0 a 3. A assinatura pausa no fim do período pago, sem acesso e sem cobrança, e volta sozinha. Com 0, a pausa não é oferecida.',
          { inputMode: 'numeric', className: 'sm:w-40' },
        )}
        {field(
          'retentionDiscountPercent',
          'Desconto oferecido na próxima cobrança (%)',
          'De 0 a 50, só na próxima renovação. Com 0, nenhum desconto é oferecido.',
          { inputMode: 'numeric', className: 'sm:w-40' },
        )}
      </fieldset>
      <SubmitButton loading={save.isPending} loadingText="Salvando..." size="md" className="w-full sm:w-auto sm:self-start">
        Salvar configurações
      </SubmitButton>
    </form>
  )
}

/** `/admin/settings`: product name, support e-mail, guarantee days, the renewal grace days, instalment interest and the cancellation offer. */
export function SettingsPage() {
  const settings = useGeneralSettings()
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Configurações" description="Dados do produto que aparecem para os visitantes e assinantes." />
      {settings.isError ? <QueryError error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      {settings.isPending ? <Skeleton className="h-80 w-full max-w-2xl" /> : null}
      {settings.data ? <SettingsForm initial={settings.data} /> : null}
    </div>
  )
}
