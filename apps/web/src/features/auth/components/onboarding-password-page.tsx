import { useId, useState, type FormEvent } from 'react'
import { ArrowRight, PartyPopper } from 'lucide-react'
import { useNavigate, useSearchParams } from 'react-router'
import { AUTH_MSG, PASSWORD_MIN_LENGTH } from '@sintonia/contract'
import { ApiRequestError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client'
import { useOnboardingPassword } from '../api/passwords'
import { DEFAULT_POST_LOGIN_PATH, cleanCheckoutSessionId } from '../lib/redirect'
import { NewPasswordFields } from './new-password-fields'
import { AuthShell } from './auth-shell'
import { FormAlert, FormField, SubmitButton, TextInput } from '../../../components/ui/form'

/** The received message, or 'Erro ao definir senha' (commerce-and-admin §8). */
function onboardingErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.message && error.message !== GENERIC_ERROR_MESSAGE) return error.message
  return AUTH_MSG.onboardingFailed
}

/**
 * `/onboarding/definir-senha?email=&session_id=`: a buyer who paid before having an account creates the
 * password ('Crie Sua Senha'), is signed in and goes to /dashboard.
 */
export function OnboardingPasswordPage({ productName }: { productName: string }) {
  const [search] = useSearchParams()
  const queryEmail = search.get('email')?.trim() ?? ''
  const sessionId = cleanCheckoutSessionId(search.get('session_id'))
  const navigate = useNavigate()
  const onboarding = useOnboardingPassword()
  const [email, setEmail] = useState(queryEmail)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = useId()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (onboarding.isPending) return
    setError(null)
    if (password.length < PASSWORD_MIN_LENGTH) return setError(AUTH_MSG.onboardingPasswordTooShort)
    if (password !== confirm) return setError(AUTH_MSG.onboardingPasswordMismatch)
    if (!sessionId) return setError(AUTH_MSG.onboardingNotAllowed)
    onboarding.mutate(
      { email: email.trim(), password, confirmPassword: confirm, sessionId },
      {
        onSuccess: () => void navigate(DEFAULT_POST_LOGIN_PATH, { replace: true }),
        onError: (e) => setError(onboardingErrorText(e)),
      },
    )
  }

  return (
    <AuthShell
      pageTitle={`Crie Sua Senha — ${productName}`}
      icon={<PartyPopper />}
      title="Crie Sua Senha"
      description="Pagamento confirmado! Falta só criar a senha para acessar seus áudios."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Criar senha">
        <FormField id={`${ids}-email`} label="E-mail">
          <TextInput
            id={`${ids}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            readOnly={Boolean(queryEmail)}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <NewPasswordFields
          idPrefix={ids}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          confirmLabel="Confirme a senha"
        />
        <SubmitButton loading={onboarding.isPending} loadingText="Salvando...">
          Criar senha e entrar
          <ArrowRight aria-hidden="true" />
        </SubmitButton>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {!sessionId ? (
          // The payment return carries session_id; a link without it cannot prove the purchase.
          <FormAlert>{AUTH_MSG.onboardingNotAllowed}</FormAlert>
        ) : null}
      </form>
    </AuthShell>
  )
}
