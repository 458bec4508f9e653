import { useState, type FormEvent } from 'react'
import { Send } from 'lucide-react'
import { toast } from 'sonner'
import {
  CAMPAIGN_SEGMENTS,
  CAMPAIGN_SEGMENT_LABELS,
  INTEREST_OPTIONS,
  campaignCreateSchema,
  interestLabel,
  type CampaignCreateInput,
} from '@sintonia/contract'
import { QueryError } from '../../../components/admin/query-error'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { Badge } from '../../../components/ui/badge'
import { FormAlert, FormField, SelectInput, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useAudience, useCampaigns, useSendCampaign } from '../api/communication'

type Values = { segment: string; interest: string; subject: string; body: string }
type Errors = Partial<Record<keyof Values, string>>

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })
const textarea =
  'block min-h-48 w-full rounded-xl border border-line bg-card px-4 py-3 text-base text-ink shadow-sm hover:border-line-strong focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none aria-invalid:border-red-600'

function Campaigns() {
  const campaigns = useCampaigns()
  if (campaigns.isError) return <QueryError error={campaigns.error} onRetry={() => void campaigns.refetch()} />
  if (!campaigns.data || campaigns.data.campaigns.length === 0) {
    return <p className="text-ink-muted">{campaigns.isPending ? 'Carregando envios...' : 'Nenhum e-mail enviado ainda.'}</p>
  }
  return (
    <DataTable caption="Envios recentes">
      <thead>
        <tr>
          <Th>Assunto</Th>
          <Th>Segmento</Th>
          <Th>Enviado em</Th>
          <Th>Situação</Th>
        </tr>
      </thead>
      <tbody>
        {campaigns.data.campaigns.map((c) => (
          <Tr key={c.id} data-testid="campaign-row">
            <Td className="font-semibold">{c.subject}</Td>
            <Td>
              {CAMPAIGN_SEGMENT_LABELS[c.segment]}
              {c.interest ? ` · ${interestLabel(c.interest) ?? c.interest}` : ''}
            </Td>
            <Td className="whitespace-nowrap tabular-nums">{dateTime.format(new Date(c.createdAt))}</Td>
            <Td>
              <div className="flex flex-wrap gap-1.5" aria-live="polite">
                <Badge variant="neutral">{c.counts.total} no total</Badge>
                {c.counts.pending > 0 ? <Badge variant="gold">{c.counts.pending} pendentes</Badge> : null}
                {c.counts.sent > 0 || c.counts.logged === 0 ? (
                  <Badge variant="success" data-testid="campaign-sent">
                    {c.counts.sent} enviados
                  </Badge>
                ) : null}
                {/* Without SMTP nothing leaves the server: say so instead of counting them as sent. */}
                {c.counts.logged > 0 ? (
                  <Badge variant="neutral" data-testid="campaign-logged">
                    {c.counts.logged} registrados (sem SMTP)
                  </Badge>
                ) : null}
                {c.counts.failed > 0 ? <Badge className="bg-danger-soft text-danger">{c.counts.failed} com falha</Badge> : null}
              </div>
            </Td>
          </Tr>
        ))}
      </tbody>
    </DataTable>
  )
}

/** Compose an e-mail to a segment; it goes out in the background and the counts update. */
export function ComposePanel() {
  const [values, setValues] = useState<Values>({ segment: 'all_leads', interest: '', subject: '', body: '' })
  const [errors, setErrors] = useState<Errors>({})
  const reveal = useErrorReveal()
  const [serverError, setServerError] = useState<string | null>(null)
  const audience = useAudience(values.segment, values.interest)
  const send = useSendCampaign()

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setServerError(null)
    const input = { segment: values.segment, subject: values.subject, body: values.body, ...(values.segment === 'leads_by_interest' ? { interest: values.interest } : {}) }
    const parsed = campaignCreateSchema.safeParse(input)
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as keyof Values] ??= issue.message
      setErrors(next)
      reveal.reveal()
      return
    }
    try {
      const result = await send.mutateAsync(input as CampaignCreateInput)
      toast.success(result.message)
      setValues((current) => ({ ...current, subject: '', body: '' }))
    } catch (error) {
      const message = getErrorMessage(error)
      setServerError(message)
      reveal.reveal()
      toast.error(message)
    }
  }

  const recipients = audience.data?.recipients
  return (
    <div className="flex flex-col gap-8">
      <form ref={reveal.ref} onSubmit={submit} noValidate className="grid gap-4 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="campaign-segment" label="Enviar para" requirement="required" error={errors.segment}>
            <SelectInput id="campaign-segment" value={values.segment} onChange={(e) => set('segment', e.target.value)}>
              {CAMPAIGN_SEGMENTS.map((segment) => (
                <option key={segment} value={segment}>
                  {CAMPAIGN_SEGMENT_LABELS[segment]}
                </option>
              ))}
            </SelectInput>
          </FormField>
          {values.segment === 'leads_by_interest' ? (
            <FormField id="campaign-interest" label="Área de interesse" requirement="required" error={errors.interest}>
              <SelectInput
                id="campaign-interest"
                value={values.interest}
                aria-invalid={errors.interest ? true : undefined}
                aria-describedby={describedBy('campaign-interest', { error: errors.interest })}
                onChange={(e) => set('interest', e.target.value)}
              >
                <option value="">Escolha...</option>
                {INTEREST_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectInput>
            </FormField>
          ) : null}
        </div>
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="campaign-audience">
          {recipients === undefined
            ? values.segment === 'leads_by_interest' && !values.interest
              ? 'Escolha a área para ver quantas pessoas recebem.'
              : 'Contando destinatários...'
            : `${recipients} ${recipients === 1 ? 'pessoa recebe' : 'pessoas recebem'} este e-mail.`}
        </p>
        <FormField id="campaign-subject" label="Assunto" requirement="required" error={errors.subject}>
          <TextInput
            id="campaign-subject"
            maxLength={200}
            value={values.subject}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describedBy('campaign-subject', { error: errors.subject })}
            onChange={(e) => set('subject', e.target.value)}
          />
        </FormField>
        <FormField id="campaign-body" label="Mensagem" requirement="required" error={errors.body} hint="Texto simples; linhas em branco separam parágrafos. A saudação e o aviso de descadastro são incluídos.">
          <textarea
            id="campaign-body"
            className={cn(textarea)}
            value={values.body}
            maxLength={20_000}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={describedBy('campaign-body', { error: errors.body, hint: 'x' })}
            onChange={(e) => set('body', e.target.value)}
          />
        </FormField>
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <SubmitButton loading={send.isPending} loadingText="Enviando..." size="md" className="sm:w-auto sm:self-start" disabled={recipients === 0}>
          <Send aria-hidden="true" />
          Enviar e-mail
        </SubmitButton>
      </form>
      <section aria-labelledby="campaigns-title">
        <h2 id="campaigns-title" className="mb-3 text-lg font-bold text-ink">
          Envios recentes
        </h2>
        <Campaigns />
      </section>
    </div>
  )
}
