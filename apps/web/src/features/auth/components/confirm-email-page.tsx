import { useEffect } from 'react'
import { ArrowRight, LinkIcon, MailCheck, RefreshCw } from 'lucide-react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { AUTH_MSG } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorMessageOr } from '../../../lib/api-client'
import { isDeadLinkError, useVerifyEmail } from '../api/passwords'
import { useSignedIn } from '../api/signed-in'
import { AuthShell, textLinkClass } from './auth-shell'

/** Where the access link's page lives (the e-mail's ?token= goes after it). */
export const ACCESS_LINK_PATH = '/onboarding/definir-senha'

/** The access link's page, opened from a confirmation: it says the e-mail is confirmed. */
export const accessLinkAfterConfirmation = (accessToken: string) => `${ACCESS_LINK_PATH}?token=${encodeURIComponent(accessToken)}&confirmado=1`

/**
 * `/confirmar-email?token=`: the link of the confirmation e-mail (sign-up or e-mail change).
 * Opening it hands the account to whoever opened it (ADR 023): the account's sign-ins end and its
 * old password stops working, and the answer carries a fresh access link, so the page goes
 * straight to choosing the password (which also activates a purchase waiting for the e-mail).
 * A link opened again once the address is confirmed only says so.
 */
export function ConfirmEmailPage({ productName }: { productName: string }) {
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  const verify = useVerifyEmail(token)
  const signedIn = useSignedIn()
  const navigate = useNavigate()
  const accessToken = verify.data?.accessToken ?? null

  useEffect(() => {
    if (accessToken) void navigate(accessLinkAfterConfirmation(accessToken), { replace: true })
  }, [accessToken, navigate])

  const pageTitle = `Confirmar e-mail — ${productName}`

  if (!token || (verify.isError && isDeadLinkError(verify.error))) {
    return (
      <AuthShell pageTitle={pageTitle} icon={<LinkIcon />} title="Não foi possível confirmar">
        <FormAlert>{AUTH_MSG.verifyLinkInvalid}</FormAlert>
        <ButtonLink to="/minha-conta" size="lg" className="mt-5 w-full">
          Ir para Minha conta
        </ButtonLink>
      </AuthShell>
    )
  }

  if (verify.isError) {
    return (
      <AuthShell pageTitle={pageTitle} icon={<LinkIcon />} title="Confirmar e-mail">
        <FormAlert>
          <p>{errorMessageOr(verify.error, AUTH_MSG.other)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void verify.refetch()}>
            <RefreshCw aria-hidden="true" />
            Tentar novamente
          </Button>
        </FormAlert>
      </AuthShell>
    )
  }

  if (verify.isPending || accessToken) {
    return (
      <AuthShell pageTitle={pageTitle} icon={<MailCheck />} title="Confirmando seu e-mail..." description="Só um instante.">
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Confirmando seu e-mail...</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-12 w-full" />
        </div>
      </AuthShell>
    )
  }

  const isSignedIn = signedIn.status === 'authenticated'
  return (
    <AuthShell
      pageTitle={pageTitle}
      icon={<MailCheck />}
      title={verify.data.message}
      description={
        <>
          O endereço <strong className="font-semibold text-ink wrap-anywhere">{verify.data.email}</strong> está confirmado na sua conta.
        </>
      }
      footer={
        isSignedIn ? (
          <Link to="/minha-conta" className={textLinkClass}>
            Ver Minha conta
          </Link>
        ) : null
      }
    >
      <p role="status" className="text-[0.95rem] leading-relaxed text-ink-muted">
        {isSignedIn ? 'Tudo certo. Você pode continuar de onde parou.' : 'Tudo certo. Entre com seu e-mail e senha para continuar.'}
      </p>
      {signedIn.status === 'loading' ? null : (
        <ButtonLink to={isSignedIn ? '/dashboard' : '/login'} size="lg" className="mt-5 w-full">
          {isSignedIn ? 'Ir para o início' : 'Entrar'}
          <ArrowRight aria-hidden="true" />
        </ButtonLink>
      )}
    </AuthShell>
  )
}
