import { useId, useState, type FormEvent } from 'react'
import { ArrowLeft, KeyRound } from 'lucide-react'
import { Link } from 'react-router'
import { useForgotPassword } from '../api/passwords'
import { authErrorText } from '../lib/auth-error'
import { AuthShell, textLinkClass } from './auth-shell'
import { EmailInput, FormAlert, FormField, FormNotice, SubmitButton, useErrorReveal } from '../../../components/ui/form'

/** `/esqueci-senha`: asks for a reset link. The answer never reveals whether the e-mail exists. */
export function ForgotPasswordPage({ productName }: { productName: string }) {
  const [email, setEmail] = useState('')
  const [sentMessage, setSentMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const errors = useErrorReveal()
  const forgot = useForgotPassword()
  const ids = useId()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (forgot.isPending) return
    setError(null)
    setSentMessage(null)
    forgot.mutate(email.trim(), {
      onSuccess: (message) => setSentMessage(message),
      onError: (e) => {
        setError(authErrorText(e))
        errors.reveal()
      },
    })
  }

  return (
    <AuthShell
      pageTitle={`Esqueci minha senha — ${productName}`}
      icon={<KeyRound />}
      title="Esqueceu sua senha?"
      description="Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha."
      footer={
        <Link to="/login" className={`${textLinkClass} inline-flex items-center gap-1.5`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Voltar para o login
        </Link>
      }
    >
      <form ref={errors.ref} onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Pedir link de redefinição">
        <FormField id={`${ids}-email`} label="E-mail">
          <EmailInput id={`${ids}-email`} name="email" required placeholder="voce@exemplo.com" value={email} onValueChange={setEmail} />
        </FormField>
        <SubmitButton loading={forgot.isPending} loadingText="Enviando...">
          Enviar link
        </SubmitButton>
        {sentMessage ? (
          <FormNotice>
            <p>{sentMessage}</p>
            <p className="mt-1 text-sm text-success">O link vale por pouco tempo. Confira também a caixa de spam.</p>
          </FormNotice>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
      </form>
    </AuthShell>
  )
}
