import { useId, useState, type FormEvent } from 'react'
import { KeyRound, LinkIcon } from 'lucide-react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { AUTH_MSG, PASSWORD_MIN_LENGTH } from '@sintonia/contract'
import { ButtonLink } from '../../../components/ui/button'
import { useResetPassword } from '../api/passwords'
import { authErrorText } from '../lib/auth-error'
import { NewPasswordFields } from './new-password-fields'
import { AuthShell, textLinkClass } from './auth-shell'
import { FormAlert, SubmitButton, useErrorReveal } from '../../../components/ui/form'

/** `/redefinir-senha?token=`: sets a new password from the e-mailed link. */
export function ResetPasswordPage({ productName }: { productName: string }) {
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  const navigate = useNavigate()
  const reset = useResetPassword()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setErrorText] = useState<string | null>(null)
  const errors = useErrorReveal()
  const setError = (text: string | null) => {
    setErrorText(text)
    if (text) errors.reveal()
  }
  const ids = useId()
  const pageTitle = `Redefinir senha — ${productName}`

  if (!token) {
    return (
      <AuthShell pageTitle={pageTitle} icon={<LinkIcon />} title="Link incompleto" description={AUTH_MSG.resetInvalidToken}>
        <ButtonLink to="/esqueci-senha" size="lg" className="w-full">
          Pedir um novo link
        </ButtonLink>
      </AuthShell>
    )
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (reset.isPending) return
    setError(null)
    if (password.length < PASSWORD_MIN_LENGTH) return setError(AUTH_MSG.passwordTooShort)
    if (password !== confirm) return setError(AUTH_MSG.onboardingPasswordMismatch)
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          toast.success(AUTH_MSG.resetDone, { id: 'auth' })
          void navigate('/login', { replace: true })
        },
        onError: (e) => setError(authErrorText(e)),
      },
    )
  }

  const invalidToken = error === AUTH_MSG.resetInvalidToken

  return (
    <AuthShell
      pageTitle={pageTitle}
      icon={<KeyRound />}
      title="Crie uma nova senha"
      description="Escolha uma senha que você não usa em outros sites."
      footer={
        <Link to="/login" className={textLinkClass}>
          Voltar para o login
        </Link>
      }
    >
      <form ref={errors.ref} onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Redefinir senha">
        <NewPasswordFields
          idPrefix={ids}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          confirmLabel="Confirme a nova senha"
        />
        <SubmitButton loading={reset.isPending} loadingText="Salvando...">
          Salvar nova senha
        </SubmitButton>
        {error ? (
          <FormAlert>
            <p>{error}</p>
            {invalidToken ? (
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
