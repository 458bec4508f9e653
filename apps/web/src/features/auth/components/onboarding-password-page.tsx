import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { ArrowRight, Info, LinkIcon, MailCheck, PartyPopper, RefreshCw, Send } from 'lucide-react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { AUTH_MSG, PASSWORD_MIN_LENGTH, type AccessLinkPreview } from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormAlert, FormNotice, SubmitButton, useErrorReveal } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, errorMessageOr } from '../../../lib/api-client'
import { isDeadLinkError, useAccessLinkPreview, useOnboardingPassword, useResendAccessLink } from '../api/passwords'
import { DEFAULT_POST_LOGIN_PATH, cleanCheckoutId } from '../lib/redirect'
import { AuthShell, textLinkClass } from './auth-shell'
import { NewPasswordFields } from './new-password-fields'

/**
 * After the password of a link that activated a purchase: where the buyer goes (the route starts
 * today's practice there, docs/product/commerce.md#pay-first); /dashboard without it.
 */
export type AfterPurchase = () => Promise<string>

/** How long an access link works (the API's ACCESS_LINK_TTL_DAYS), as the e-mail says it. */
const ACCESS_LINK_VALID_DAYS = 7

/** An error shown under a form: the text and a number that changes with every attempt. */
interface ShownError {
  text: string
  attempt: number
}

/**
 * `/onboarding/definir-senha`: the paid purchase reaches the buyer through the mailbox.
 * - `?token=` (the access link from the purchase e-mail, or from a confirmation link's answer —
 *   then with `&confirmado=1`): 'Crie Sua Senha' — the mailbox's owner chooses the password,
 *   every purchase waiting for the e-mail is activated, and /dashboard opens.
 * - `?email=&session_id=` (the processing page, for a buyer without a confirmed account):
 *   'Confirme seu e-mail' — the link went to that address; it can be sent again.
 */
export function OnboardingPasswordPage({ productName, afterPurchase }: { productName: string; afterPurchase?: AfterPurchase }) {
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  if (token)
    return <CreatePasswordWithLink key={token} token={token} productName={productName} confirmed={search.get('confirmado') === '1'} afterPurchase={afterPurchase} />
  return (
    <ConfirmMailbox
      productName={productName}
      email={search.get('email')?.trim() ?? ''}
      checkoutId={cleanCheckoutId(search.get('session_id'))}
    />
  )
}

/* ------------------------------------------------------------------------------------------ */
/* Without a token: the access link is on its way to the purchase's mailbox.                  */
/* ------------------------------------------------------------------------------------------ */

function ConfirmMailbox({ productName, email, checkoutId }: { productName: string; email: string; checkoutId: string | undefined }) {
  const resend = useResendAccessLink()
  const [sent, setSent] = useState<{ text: string; attempt: number } | null>(null)
  const [error, setError] = useState<(ShownError & { activated: boolean }) | null>(null)
  const errors = useErrorReveal<HTMLDivElement>()

  const onResend = () => {
    if (!checkoutId || resend.isPending) return
    setSent(null)
    setError(null)
    resend.mutate(checkoutId, {
      onSuccess: (message) => setSent((previous) => ({ text: message, attempt: (previous?.attempt ?? 0) + 1 })),
      onError: (e) => {
        setError((previous) => ({
          text: errorMessageOr(e, AUTH_MSG.other),
          // 404: the purchase is not waiting any more — the password was already created.
          activated: e instanceof ApiRequestError && e.status === 404,
          attempt: (previous?.attempt ?? 0) + 1,
        }))
        errors.reveal()
      },
    })
  }

  return (
    <AuthShell
      pageTitle={`Confirme seu e-mail — ${productName}`}
      icon={<MailCheck />}
      title="Confirme seu e-mail"
      description={
        email ? (
          <>
            Pagamento recebido! Enviamos um link de acesso para <strong className="font-semibold text-ink wrap-anywhere">{email}</strong>.
            Abra o link para criar sua senha e começar a ouvir.
          </>
        ) : (
          'Pagamento recebido! Enviamos um link de acesso para o e-mail usado na compra. Abra o link para criar sua senha e começar a ouvir.'
        )
      }
      footer={
        <p>
          Precisa de ajuda?{' '}
          <Link to="/esqueci-senha" className={textLinkClass}>
            Receber o link pelo “Esqueci minha senha”
          </Link>
        </p>
      }
    >
      <ol className="flex flex-col gap-3 text-[0.95rem] leading-relaxed text-ink">
        <Step number={1}>
          Abra o e-mail <strong className="font-semibold">“Ative seu acesso ao {productName}”</strong>.
        </Step>
        <Step number={2}>Toque em “Criar minha senha” e escolha sua senha.</Step>
        <Step number={3}>Pronto: você entra direto nos seus áudios.</Step>
      </ol>

      <p className="mt-5 flex items-start gap-2.5 rounded-xl bg-tint px-4 py-3 text-[0.95rem] leading-relaxed text-accent-strong">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <span>
          Não encontrou? Confira as pastas de spam e promoções. O link vale por {ACCESS_LINK_VALID_DAYS} dias e pode ser usado uma vez.
        </span>
      </p>

      <div ref={errors.ref}>
        <div className="mt-6 flex flex-col gap-3">
          {checkoutId ? (
            <Button variant="primary" size="lg" className="w-full" onClick={onResend} disabled={resend.isPending} aria-busy={resend.isPending || undefined}>
              {resend.isPending ? (
                <>
                  <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" />
                  Enviando...
                </>
              ) : (
                <>
                  <Send aria-hidden="true" />
                  Reenviar link
                </>
              )}
            </Button>
          ) : null}
          <ButtonLink to="/login" variant="outline" size="lg" className="w-full">
            Já criei minha senha
          </ButtonLink>
        </div>

        {sent ? (
          <FormNotice key={`sent-${sent.attempt}`} reveal className="mt-5">
            {sent.text}
          </FormNotice>
        ) : null}
        {error ? (
          <FormAlert key={`error-${error.attempt}`} className="mt-5">
            <p>{error.text}</p>
            {error.activated ? (
              <p className="mt-1.5">
                Se você já criou sua senha,{' '}
                <Link to="/login" className={`${textLinkClass} text-danger decoration-danger`}>
                  entre com seu e-mail
                </Link>
                .
              </p>
            ) : null}
          </FormAlert>
        ) : null}
      </div>
    </AuthShell>
  )
}

function Step({ number, children }: { number: number; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-tint-strong text-sm font-bold text-accent-strong">
        {number}
      </span>
      <span className="min-w-0 pt-0.5">{children}</span>
    </li>
  )
}

/* ------------------------------------------------------------------------------------------ */
/* With a token: the mailbox owner chooses the password.                                      */
/* ------------------------------------------------------------------------------------------ */

interface CreatePasswordProps {
  token: string
  productName: string
  confirmed: boolean
  afterPurchase: AfterPurchase | undefined
}

function CreatePasswordWithLink({ token, productName, confirmed, afterPurchase }: CreatePasswordProps) {
  const preview = useAccessLinkPreview(token)
  const pageTitle = `Crie Sua Senha — ${productName}`

  if (preview.isPending) {
    return (
      <AuthShell pageTitle={pageTitle} icon={<PartyPopper />} title="Crie Sua Senha" description="Verificando seu link de acesso...">
        <div role="status" className="flex flex-col gap-4">
          <span className="sr-only">Verificando seu link de acesso...</span>
          <Skeleton className="h-5 w-1/4" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-12 w-full" />
        </div>
      </AuthShell>
    )
  }

  if (preview.isError) {
    if (isDeadLinkError(preview.error)) return <DeadAccessLink productName={productName} />
    return (
      <AuthShell pageTitle={pageTitle} icon={<LinkIcon />} title="Crie Sua Senha">
        <FormAlert>
          <p>{errorMessageOr(preview.error, AUTH_MSG.other)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void preview.refetch()}>
            <RefreshCw aria-hidden="true" />
            Tentar novamente
          </Button>
        </FormAlert>
      </AuthShell>
    )
  }

  return <CreatePasswordForm token={token} preview={preview.data} productName={productName} confirmed={confirmed} afterPurchase={afterPurchase} />
}

function DeadAccessLink({ productName }: { productName: string }) {
  return (
    <AuthShell
      pageTitle={`Link de acesso — ${productName}`}
      icon={<LinkIcon />}
      title="Este link não vale mais"
      footer={
        <p>
          Já criou sua senha?{' '}
          <Link to="/login" className={textLinkClass}>
            Entrar
          </Link>
        </p>
      }
    >
      <FormAlert>{AUTH_MSG.accessLinkInvalid}</FormAlert>
      <ButtonLink to="/esqueci-senha" size="lg" className="mt-5 w-full">
        Pedir um novo link
      </ButtonLink>
    </AuthShell>
  )
}

function CreatePasswordForm({ token, preview, productName, confirmed, afterPurchase }: Omit<CreatePasswordProps, 'token'> & { token: string; preview: AccessLinkPreview }) {
  const navigate = useNavigate()
  const onboarding = useOnboardingPassword()
  // Between the password and the practice (the route enrols the buyer first): the button stays busy.
  const [leaving, setLeaving] = useState(false)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<ShownError | null>(null)
  const ids = useId()
  const errors = useErrorReveal()

  const fail = (text: string) => {
    setError((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1 }))
    errors.reveal()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (onboarding.isPending || leaving) return
    if (password.length < PASSWORD_MIN_LENGTH) return fail(AUTH_MSG.onboardingPasswordTooShort)
    if (password !== confirm) return fail(AUTH_MSG.onboardingPasswordMismatch)
    setError(null)
    onboarding.mutate(
      { token, password, confirmPassword: confirm },
      {
        onSuccess: () => {
          if (!afterPurchase || preview.plans.length === 0) return void navigate(DEFAULT_POST_LOGIN_PATH, { replace: true })
          setLeaving(true)
          void afterPurchase().then((path) => navigate(path, { replace: true }))
        },
        onError: (e) => fail(errorMessageOr(e, AUTH_MSG.onboardingFailed)),
      },
    )
  }

  const hasPlans = preview.plans.length > 0
  // From a confirmation link (ADR 023): the e-mail is proven, and the password is chosen again by
  // whoever opened it — the same one as before may do.
  const description = !hasPlans
    ? confirmed
      ? 'E-mail confirmado! Para terminar, defina a senha da sua conta (pode ser a mesma de antes).'
      : 'Defina a nova senha da sua conta para entrar.'
    : preview.accountExists
      ? 'Pagamento confirmado! Defina a senha da sua conta para ativar o acesso.'
      : 'Pagamento confirmado! Falta só criar a senha para acessar seus áudios.'

  return (
    <AuthShell pageTitle={`Crie Sua Senha — ${productName}`} icon={<PartyPopper />} title="Crie Sua Senha" description={description}>
      <form ref={errors.ref} onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Criar senha">
        <dl className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <dt className="text-[0.95rem] font-semibold text-ink">E-mail</dt>
            <dd
              data-testid="onboarding-email"
              className="rounded-xl border border-line bg-tint/60 px-4 py-3 text-base leading-snug text-ink-muted wrap-anywhere"
            >
              {preview.email}
            </dd>
          </div>
          {hasPlans ? (
            <div className="flex flex-col gap-2">
              <dt className="text-[0.95rem] font-semibold text-ink">{preview.plans.length === 1 ? 'Plano a ativar' : 'Planos a ativar'}</dt>
              <dd>
                <ul className="flex flex-wrap gap-2" aria-label={preview.plans.length === 1 ? 'Plano a ativar' : 'Planos a ativar'}>
                  {preview.plans.map((plan) => (
                    <li key={plan}>
                      <Badge variant="gold" className="px-3.5 py-1.5 text-sm">
                        Plano {plan}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
        {/* The address the new password belongs to, for password managers (shown above as text, whole). */}
        <input type="email" name="email" autoComplete="username" value={preview.email} readOnly hidden />

        {preview.accountExists ? (
          <p
            data-testid="onboarding-account-exists"
            className="flex items-start gap-2.5 rounded-xl border border-warm-line bg-warm-soft px-4 py-3 text-[0.95rem] leading-relaxed text-warm"
          >
            <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warm" />
            <span>
              Já existe uma conta com este e-mail. A senha que você criar aqui passa a ser a senha dela e, por segurança, os outros
              aparelhos conectados saem da conta.
            </span>
          </p>
        ) : null}

        <NewPasswordFields
          idPrefix={ids}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          confirmLabel="Confirme a senha"
        />
        <SubmitButton loading={onboarding.isPending || leaving} loadingText={leaving ? 'Preparando sua prática...' : 'Salvando...'}>
          Criar senha e entrar
          <ArrowRight aria-hidden="true" />
        </SubmitButton>
        {error ? (
          <FormAlert key={error.attempt}>
            <p>{error.text}</p>
            {error.text === AUTH_MSG.accessLinkInvalid ? (
              <Link to="/esqueci-senha" className={`${textLinkClass} mt-1.5 inline-block text-danger decoration-danger`}>
                Pedir um novo link
              </Link>
            ) : null}
          </FormAlert>
        ) : null}
      </form>
    </AuthShell>
  )
}
