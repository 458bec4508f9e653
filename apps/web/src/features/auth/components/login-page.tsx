import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { ArrowRight, CreditCard, Sparkles, UserRound } from 'lucide-react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { AUTH_MSG, PASSWORD_MIN_LENGTH } from '@sintonia/contract'
import { cn } from '../../../lib/cn'
import { useSignedIn, useSignIn, useSignUp } from '../api/signed-in'
import { authErrorText } from '../lib/auth-error'
import { validateCredentials, type CredentialErrors } from '../lib/credentials'
import { cleanCheckoutId, postLoginPath } from '../lib/redirect'
import { AuthShell, textLinkClass } from './auth-shell'
import { EmailInput, FormAlert, FormField, PasswordInput, SubmitButton, TextInput, useErrorReveal } from '../../../components/ui/form'

export type LoginTab = 'login' | 'signup'

const TABS: { id: LoginTab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Cadastro' },
]

const ALREADY_REGISTERED_HINT = 'já está cadastrado'

/**
 * `/login` (docs/product/accounts.md#login-and-sign-up-login). Query: `email` (opens Cadastro,
 * prefilled), `plan` (shows 'Você está a um passo de assinar!' and comes back with auto_plan),
 * `redirect` (same-site path, default /dashboard) and `session_id` (a paid checkout to attach).
 */
export function LoginPage({ productName }: { productName: string }) {
  const [search] = useSearchParams()
  const signedIn = useSignedIn()
  const queryEmail = search.get('email')?.trim() ?? ''
  const plan = search.get('plan')?.trim() || null
  const redirect = search.get('redirect')
  const checkoutId = cleanCheckoutId(search.get('session_id'))

  const [tab, setTab] = useState<LoginTab>(queryEmail ? 'signup' : 'login')
  const [name, setName] = useState('')
  const [email, setEmail] = useState(queryEmail)
  const [password, setPassword] = useState('')
  const [error, setErrorText] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<CredentialErrors>({})
  const errors = useErrorReveal()
  const setError = (text: string | null) => {
    setErrorText(text)
    if (text) errors.reveal()
  }

  const signIn = useSignIn()
  const signUp = useSignUp()
  const pending = signIn.isPending || signUp.isPending

  const ids = useId()
  const tabRefs = useRef<Record<LoginTab, HTMLButtonElement | null>>({ login: null, signup: null })
  const emailRef = useRef<HTMLInputElement>(null)

  if (signedIn.status === 'authenticated' && signedIn.user) {
    return <Navigate to={postLoginPath({ role: signedIn.user.role, redirect, plan })} replace />
  }

  const switchTab = (next: LoginTab, { focus = false }: { focus?: boolean } = {}) => {
    setTab(next)
    setError(null)
    setFieldErrors({})
    signIn.reset()
    signUp.reset()
    if (focus) tabRefs.current[next]?.focus()
  }

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab)
    let nextIndex: number | null = null
    if (event.key === 'ArrowRight') nextIndex = (index + 1) % TABS.length
    else if (event.key === 'ArrowLeft') nextIndex = (index - 1 + TABS.length) % TABS.length
    else if (event.key === 'Home') nextIndex = 0
    else if (event.key === 'End') nextIndex = TABS.length - 1
    if (nextIndex === null) return
    event.preventDefault()
    const next = TABS[nextIndex]
    if (next) switchTab(next.id, { focus: true })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    setError(null)
    const found = validateCredentials(email, password)
    setFieldErrors(found)
    if (found.email || found.password) {
      errors.reveal()
      return
    }
    const cleanEmail = email.trim()
    if (tab === 'signup') {
      if (password.length < PASSWORD_MIN_LENGTH) {
        setError(AUTH_MSG.passwordTooShort)
        return
      }
      const cleanName = name.trim()
      signUp.mutate(
        { email: cleanEmail, password, ...(cleanName ? { name: cleanName } : {}), ...(checkoutId ? { checkoutId } : {}) },
        {
          // The account is open already; the e-mail is confirmed from the link just sent.
          onSuccess: () => toast.success(AUTH_MSG.verificationSent, { id: 'auth', description: 'Abra o link para confirmar que o e-mail é seu.' }),
          onError: (e) => setError(authErrorText(e)),
        },
      )
    } else {
      signIn.mutate(
        { email: cleanEmail, password, portal: 'user', ...(checkoutId ? { checkoutId } : {}) },
        { onError: (e) => setError(authErrorText(e)) },
      )
    }
  }

  const isSignup = tab === 'signup'
  const showGoToLogin = isSignup && error !== null && error.includes(ALREADY_REGISTERED_HINT)
  const panelId = `${ids}-panel`

  const banner =
    plan || checkoutId ? (
      <div className="flex items-start gap-3 rounded-2xl border border-warm-line bg-warm-soft px-4 py-3.5 text-left shadow-sm">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-gold-300 text-on-gold">
          {checkoutId ? <CreditCard aria-hidden="true" className="size-5" /> : <Sparkles aria-hidden="true" className="size-5" />}
        </span>
        <div className="min-w-0">
          {plan ? <p className="font-bold text-ink">Você está a um passo de assinar!</p> : null}
          <p className={cn('text-[0.95rem] leading-relaxed text-warm', plan && 'mt-0.5')}>
            {checkoutId
              ? 'Pagamento recebido. Entre na sua conta com o mesmo e-mail para ativar sua assinatura.'
              : 'Entre ou crie sua conta para continuar com o plano escolhido.'}
          </p>
        </div>
      </div>
    ) : null

  return (
    <AuthShell
      pageTitle={`${isSignup ? 'Criar conta' : 'Entrar'} — ${productName}`}
      icon={<UserRound />}
      title={isSignup ? 'Crie sua conta' : 'Acesse sua conta'}
      description={
        isSignup
          ? `Leva menos de um minuto para começar no ${productName}.`
          : 'Continue de onde parou nos seus áudios guiados.'
      }
      banner={banner}
      footer={
        isSignup ? (
          <p className="text-sm leading-relaxed">
            Ao criar sua conta você declara ter mais de 18 anos e concorda com os{' '}
            <Link to="/terms" className={textLinkClass}>
              Termos de Uso
            </Link>{' '}
            e a{' '}
            <Link to="/privacy" className={textLinkClass}>
              Política de Privacidade
            </Link>
            .
          </p>
        ) : (
          <p>
            Ainda não tem conta?{' '}
            <button type="button" className={textLinkClass} onClick={() => switchTab('signup')}>
              Cadastre-se
            </button>
          </p>
        )
      }
    >
      <div role="tablist" aria-label="Entrar ou criar conta" className="grid grid-cols-2 gap-1 rounded-2xl bg-tint p-1">
        {TABS.map((t) => {
          const selected = t.id === tab
          return (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el
              }}
              type="button"
              role="tab"
              id={`${ids}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => switchTab(t.id)}
              onKeyDown={onTabKeyDown}
              className={cn(
                'min-h-11 rounded-xl px-4 text-[0.95rem] font-semibold transition-[background-color,color,box-shadow] duration-200',
                selected ? 'bg-card text-accent-strong shadow-soft' : 'text-ink-muted hover:text-accent-strong',
              )}
            >
              {t.label}
            </button>
          )
        })}
      </div>

      <form
        ref={errors.ref}
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${ids}-tab-${tab}`}
        onSubmit={onSubmit}
        noValidate
        className="mt-6 flex flex-col gap-5"
      >
        {isSignup ? (
          <FormField id={`${ids}-name`} label="Nome" requirement="optional">
            <TextInput
              id={`${ids}-name`}
              name="name"
              autoComplete="name"
              maxLength={80}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
        ) : null}

        <FormField id={`${ids}-email`} label="E-mail" error={fieldErrors.email ?? null}>
          <EmailInput
            ref={emailRef}
            id={`${ids}-email`}
            name="email"
            required
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? `${ids}-email-error` : undefined}
            placeholder="voce@exemplo.com"
            value={email}
            onValueChange={setEmail}
          />
        </FormField>

        <FormField
          id={`${ids}-password`}
          label="Senha"
          hint={isSignup ? `Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.` : undefined}
          error={fieldErrors.password ?? null}
          aside={
            isSignup ? null : (
              <Link to="/esqueci-senha" className="text-sm font-semibold text-accent hover:text-accent-strong hover:underline">
                Esqueci minha senha
              </Link>
            )
          }
        >
          <PasswordInput
            id={`${ids}-password`}
            name="password"
            autoComplete={isSignup ? 'new-password' : 'current-password'}
            required
            maxLength={128}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? `${ids}-password-error` : isSignup ? `${ids}-password-hint` : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>

        <SubmitButton loading={pending} loadingText={isSignup ? 'Criando conta...' : 'Entrando...'} className="mt-1">
          {isSignup ? 'Criar conta' : 'Entrar'}
          <ArrowRight aria-hidden="true" />
        </SubmitButton>

        {isSignup ? null : (
          // A buyer who paid first and closed the tab: "Esqueci minha senha" sends the access link.
          <p data-testid="login-paid-hint" className="-mt-1 text-center text-sm leading-relaxed text-ink-muted">
            Pagou e ainda não criou sua senha? Use “Esqueci minha senha” e enviaremos seu link de acesso.
          </p>
        )}

        {error ? (
          <FormAlert>
            <p>{error}</p>
            {showGoToLogin ? (
              <button
                type="button"
                className={cn(textLinkClass, 'mt-1.5 text-danger decoration-danger hover:text-danger')}
                onClick={() => {
                  switchTab('login')
                  setPassword('')
                  emailRef.current?.focus()
                }}
              >
                Ir para Login
              </button>
            ) : null}
          </FormAlert>
        ) : null}
      </form>
    </AuthShell>
  )
}
