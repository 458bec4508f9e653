import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { CalendarCheck, CircleAlert, Download, Eye, EyeOff, KeyRound, Mail, RefreshCw, ShieldCheck, Trash2, UserRound } from 'lucide-react'
import { toast } from 'sonner'
import { AUTH_MSG, authErrorMessage, type SignedInUser, type SubscriptionState } from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { PageHeading, PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useDeleteAccount, useExportAccount } from '../api/account-api'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { useErrorReveal } from '../../../components/ui/form'
import { EmailBlock, NameForm, PasswordForm, ProfileBlock } from './profile-forms'

export interface AccountSubscriptionView {
  status: 'loading' | 'subscribed' | 'unsubscribed' | 'error'
  data: SubscriptionState | null
  isChecking: boolean
  refresh: () => void
}

export interface AccountPageProps {
  productName: string
  user: SignedInUser
  /** Absent for admins (they hold no subscription). */
  subscription?: AccountSubscriptionView
  /** After the account was deleted: end the sign-in locally and leave (the route decides where). */
  onDeleted: () => void
  /** The server answered the person's updated data (name): the route puts it in the sign-in. */
  onUserChange: (user: SignedInUser) => void
  /** The sign-in may be out of date (the e-mail was confirmed elsewhere): the route reads it again. */
  onSignInStale: () => void
  /** Extra sections composed by the route (e.g. this device's downloads), after the subscription. */
  children?: ReactNode
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Ativa',
  trialing: 'Em período de teste',
  past_due: 'Pagamento pendente',
  unpaid: 'Pagamento pendente',
  canceled: 'Cancelada',
  cancelled: 'Cancelada',
  incomplete: 'Aguardando pagamento',
  incomplete_expired: 'Expirada',
  expired: 'Expirada',
  none: 'Sem assinatura',
}

function statusLabel(status: string | null | undefined): string {
  if (!status) return STATUS_LABELS.none ?? 'Sem assinatura'
  return STATUS_LABELS[status.toLowerCase()] ?? status
}

function tierLabel(tier: string | null): string | null {
  if (!tier) return null
  const clean = tier.trim()
  return clean ? clean.charAt(0).toLocaleUpperCase('pt-BR') + clean.slice(1) : null
}

function formatDate(value: string | null): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('pt-BR', { day: '2-digit', month: 'long', year: 'numeric' })
}

function Section({ icon, title, children, className }: { icon: ReactNode; title: string; children: ReactNode; className?: string }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={cn('rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-7', className)}>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-tint-strong text-accent [&_svg]:size-5">
          {icon}
        </span>
        <h2 id={id} className="text-lg font-bold tracking-tight text-ink">
          {title}
        </h2>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  )
}

function SubscriptionDetails({ subscription }: { subscription: AccountSubscriptionView }) {
  if (subscription.status === 'loading') {
    return (
      <div role="status" className="flex flex-col gap-2.5">
        <span className="sr-only">Verificando sua assinatura...</span>
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    )
  }
  if (subscription.status === 'error' || !subscription.data) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="flex items-start gap-2 text-[0.95rem] text-ink-muted">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warm" />
          Não foi possível verificar sua assinatura agora.
        </p>
        <Button variant="outline" size="sm" onClick={subscription.refresh} disabled={subscription.isChecking}>
          <RefreshCw aria-hidden="true" className={cn(subscription.isChecking && 'animate-spin')} />
          Tentar novamente
        </Button>
      </div>
    )
  }

  const { data } = subscription
  const tier = tierLabel(data.subscription_tier)
  const end = formatDate(data.subscription_end)
  if (!data.subscribed) {
    return (
      <div className="flex flex-col items-start gap-4">
        <div>
          <Badge variant="neutral">{statusLabel(data.subscription_status)}</Badge>
          <p className="mt-3 text-[0.95rem] leading-relaxed text-ink-muted">
            Você ainda não tem uma assinatura ativa. Escolha um plano para ouvir a biblioteca completa.
          </p>
        </div>
        <ButtonLink to="/assinatura" size="md">
          Ver planos
        </ButtonLink>
      </div>
    )
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <dl className="grid w-full gap-x-6 gap-y-3 text-[0.95rem] sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-muted">Situação</dt>
          <dd className="mt-1">
            <Badge variant="success">{statusLabel(data.subscription_status === 'none' ? 'active' : data.subscription_status)}</Badge>
          </dd>
        </div>
        {tier ? (
          <div>
            <dt className="text-sm text-ink-muted">Plano</dt>
            <dd className="mt-1 font-semibold text-ink">{tier}</dd>
          </div>
        ) : null}
        {end ? (
          <div>
            <dt className="text-sm text-ink-muted">Próxima renovação</dt>
            <dd className="mt-1 font-semibold text-ink">{end}</dd>
          </div>
        ) : null}
      </dl>
      <ButtonLink to="/assinatura" variant="outline" size="md">
        Gerenciar assinatura
      </ButtonLink>
    </div>
  )
}

function DeleteAccountDialog({ open, onClose, onDeleted }: { open: boolean; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteAccount()
  const [password, setPassword] = useState('')
  const [visible, setVisible] = useState(false)
  const [error, setErrorText] = useState<string | null>(null)
  const inputId = useId()
  const errors = useErrorReveal()
  const setError = (text: string | null) => {
    setErrorText(text)
    if (text) errors.reveal()
  }

  const close = () => {
    if (remove.isPending) return
    setPassword('')
    setError(null)
    setVisible(false)
    remove.reset()
    onClose()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (remove.isPending) return
    setError(null)
    if (!password) {
      setError('Informe sua senha para confirmar.')
      return
    }
    remove.mutate(password, {
      onSuccess: () => {
        toast.success(AUTH_MSG.accountDeleted, { id: 'auth' })
        onDeleted()
      },
      onError: (e) => setError(authErrorMessage(getErrorMessage(e))),
    })
  }

  return (
    <ModalDialog
      open={open}
      onClose={close}
      locked={remove.isPending}
      title="Excluir sua conta?"
      description={
        <p>
          Esta ação é permanente e não pode ser desfeita. Seus dados pessoais, suas playlists e seu acesso aos áudios serão apagados.
          Se quiser uma cópia, baixe seus dados antes.
        </p>
      }
    >
      <form ref={errors.ref} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-[0.95rem] font-semibold text-ink">
            Digite sua senha para confirmar
          </label>
          <div className="relative">
            <input
              id={inputId}
              name="password"
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
              required
              maxLength={128}
              data-autofocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              className="block h-12 w-full rounded-xl border border-line bg-card px-4 pr-13 text-base text-ink shadow-sm transition-[border-color,box-shadow] duration-200 hover:border-line-strong focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none aria-invalid:border-red-600"
            />
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
              aria-controls={inputId}
              className="absolute top-1/2 right-1.5 grid size-10 -translate-y-1/2 place-items-center rounded-lg text-ink-muted hover:bg-tint hover:text-accent-strong"
            >
              {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
            </button>
          </div>
        </div>

        {error ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl border border-danger-line bg-danger-soft px-3.5 py-2.5 text-[0.95rem] text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
            {error}
          </p>
        ) : null}

        <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            className="bg-red-700 shadow-none hover:bg-red-800 focus-visible:outline-red-700"
          >
            {remove.isPending ? (
              <>
                <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" />
                Excluindo...
              </>
            ) : (
              <>
                <Trash2 aria-hidden="true" />
                Excluir definitivamente
              </>
            )}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}

/** `/minha-conta`: name, e-mail and password, subscription status and LGPD self-service (export, deletion). */
export function AccountPage({ productName, user, subscription, onDeleted, onUserChange, onSignInStale, children }: AccountPageProps) {
  const exportData = useExportAccount()
  const [deleteOpen, setDeleteOpen] = useState(false)

  const onExport = () => {
    if (exportData.isPending) return
    exportData.mutate(undefined, {
      onSuccess: () => toast.success('Download dos seus dados iniciado.', { id: 'account' }),
      onError: (e) => toast.error(getErrorMessage(e), { id: 'account' }),
    })
  }

  return (
    <PageShell pageTitle={`Minha conta — ${productName}`} contentClassName="sm:pb-20">
      <PageHeading eyebrow="Sua conta" title="Minha conta" description="Seus dados, sua assinatura e sua privacidade em um só lugar." />

      <div className="mt-8 flex flex-col gap-5">
        <Section icon={<UserRound />} title="Seus dados">
          <div className="flex flex-col gap-5">
            {/* The field's own label ('Nome') heads this block. */}
            <NameForm key={user.id} user={user} onUserChange={onUserChange} />
            <ProfileBlock icon={<Mail />} title="E-mail">
              <EmailBlock user={user} onEmailConfirmed={onSignInStale} />
            </ProfileBlock>
            <ProfileBlock icon={<KeyRound />} title="Senha">
              <PasswordForm />
            </ProfileBlock>
          </div>
        </Section>

        <Section icon={<CalendarCheck />} title="Assinatura">
          {subscription ? (
            <SubscriptionDetails subscription={subscription} />
          ) : (
            <p className="text-[0.95rem] text-ink-muted">Contas de administrador não têm assinatura.</p>
          )}
        </Section>

        {children}

        <Section icon={<ShieldCheck />} title="Privacidade e dados (LGPD)">
          <p className="text-[0.95rem] leading-relaxed text-ink-muted">
            Você pode baixar uma cópia dos dados que guardamos sobre você, em formato JSON, a qualquer momento.
          </p>
          <Button variant="outline" className="mt-4" onClick={onExport} disabled={exportData.isPending} aria-busy={exportData.isPending || undefined}>
            {exportData.isPending ? <Spinner label={null} className="size-[1.125rem]" /> : <Download aria-hidden="true" />}
            Baixar meus dados
          </Button>

          <div className="mt-7 rounded-2xl border border-danger-line bg-danger-soft/60 p-4 sm:p-5">
            <h3 className="font-semibold text-danger">Excluir conta</h3>
            <p className="mt-1 text-[0.95rem] leading-relaxed text-danger/85">
              Apaga sua conta e seus dados pessoais de forma permanente. Pediremos sua senha para confirmar.
            </p>
            <Button
              variant="outline"
              className="mt-4 border-danger-line text-danger hover:border-danger-line hover:bg-danger-soft focus-visible:outline-red-700"
              onClick={() => setDeleteOpen(true)}
            >
              <Trash2 aria-hidden="true" />
              Excluir minha conta
            </Button>
          </div>
        </Section>
      </div>

      <DeleteAccountDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} onDeleted={onDeleted} />
    </PageShell>
  )
}
