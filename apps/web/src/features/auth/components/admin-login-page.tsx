import { useId, useState, type FormEvent } from 'react'
import { ArrowLeft, ShieldCheck } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { useSignedIn, useSignIn } from '../api/signed-in'
import { authErrorText } from '../lib/auth-error'
import { validateCredentials, type CredentialErrors } from '../lib/credentials'
import { ADMIN_HOME_PATH } from '../lib/redirect'
import { EmailInput, FormAlert, FormField, PasswordInput, SubmitButton, useErrorReveal } from '../../../components/ui/form'

/**
 * `/admin/login`: the administrators' own sign-in (portal 'admin'). Deliberately different from
 * the listener login: a dark panel, no sign-up, no marketing. Listener accounts are refused by
 * the server with a pt-BR message that points to the right form.
 */
export function AdminLoginPage({ productName }: { productName: string }) {
  const signedIn = useSignedIn()
  const signIn = useSignIn()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<CredentialErrors>({})
  const errors = useErrorReveal()
  const ids = useId()

  if (signedIn.status === 'authenticated' && signedIn.isAdmin) return <Navigate to={ADMIN_HOME_PATH} replace />

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (signIn.isPending) return
    setError(null)
    const found = validateCredentials(email, password)
    setFieldErrors(found)
    if (found.email || found.password) {
      errors.reveal()
      return
    }
    signIn.mutate({ email: email.trim(), password, portal: 'admin' }, {
      onError: (e) => {
        setError(authErrorText(e))
        errors.reveal()
      },
    })
  }

  return (
    <div className="relative isolate flex min-h-[calc(100dvh-4rem)] items-start justify-center overflow-hidden bg-brand-950 px-4 pt-10 pb-16 sm:items-center sm:px-6 sm:py-16">
      <title>{`Acesso administrativo — ${productName}`}</title>
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgb(91_43_214/0.45),transparent_60%)]" />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:linear-gradient(rgb(255_255_255)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255)_1px,transparent_1px)] [background-size:32px_32px]"
      />

      <div className="w-full max-w-sm">
        <div className="flex flex-col items-center text-center text-white">
          <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl border border-white/15 bg-white/10 text-gold-300">
            <ShieldCheck className="size-6" />
          </span>
          <p className="mt-5 text-xs font-bold tracking-[0.2em] text-brand-200 uppercase">{productName} · Administração</p>
          <h1 className="mt-2 text-[1.75rem] leading-tight font-extrabold tracking-tight sm:text-3xl">Acesso administrativo</h1>
          <p className="mt-2.5 text-[0.95rem] leading-relaxed text-brand-100">Área restrita à equipe. Todo acesso é registrado.</p>
        </div>

        <form
          ref={errors.ref}
          onSubmit={onSubmit}
          noValidate
          aria-label="Login administrativo"
          className="mt-8 flex flex-col gap-5 rounded-3xl border border-white/10 bg-card p-5 shadow-[0_30px_60px_-20px_rgb(0_0_0/0.6)] sm:p-7"
        >
          <FormField id={`${ids}-email`} label="E-mail" error={fieldErrors.email ?? null}>
            <EmailInput
              id={`${ids}-email`}
              name="email"
              autoComplete="username"
              required
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? `${ids}-email-error` : undefined}
              value={email}
              onValueChange={setEmail}
            />
          </FormField>
          <FormField id={`${ids}-password`} label="Senha" error={fieldErrors.password ?? null}>
            <PasswordInput
              id={`${ids}-password`}
              name="password"
              autoComplete="current-password"
              required
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? `${ids}-password-error` : undefined}
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <SubmitButton loading={signIn.isPending} loadingText="Entrando..." className="bg-brand-900 hover:bg-brand-950">
            <ShieldCheck aria-hidden="true" />
            Entrar no painel
          </SubmitButton>
          {error ? <FormAlert>{error}</FormAlert> : null}
        </form>

        <p className="mt-6 text-center text-sm">
          <Link
            to="/login"
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 font-semibold text-brand-100 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
            Login de assinantes
          </Link>
        </p>
      </div>
    </div>
  )
}
