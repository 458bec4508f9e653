import { useId, useState, type FormEvent } from 'react'
import { Gift, Quote } from 'lucide-react'
import { Link } from 'react-router'
import { AUTH_MSG, PASSWORD_MIN_LENGTH, type GiftPreview, type SignedInUser } from '@sintonia/contract'
import { ButtonLink } from '../../../components/ui/button'
import { FormAlert, FormField, PasswordInput, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { PageShell } from '../../../components/ui/page-shell'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessageOr, loadErrorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useCreateAccountForGift, useGiftLink, useRedeemGift } from '../api/gifts-api'

export interface GiftLinkPageProps {
  productName: string
  token: string
  /** Who is here, as the route reads the sign-in. */
  viewer: { status: 'loading' | 'anonymous' | 'authenticated'; email: string | null; isAdmin: boolean }
  /** Where the sign-in page is, coming back here. */
  loginPath: string
  /** The new account's sign-in, taken as any sign-in is (the route passes the auth feature's). */
  onSignedIn: (user: SignedInUser) => void
  /** After redeeming: the plan started; the route decides where practice begins (today's programme day). */
  afterRedeem: () => Promise<string>
  navigate: (path: string) => void
}

const monthsLabel = (months: number) => (months === 1 ? '1 mês' : `${months} meses`)

/**
 * /presente/{token} (docs/product/commerce.md#gifts): what the gift e-mail's link opens — who sent
 * it, their message, the plan — and the one step left: redeem in the account that is signed in,
 * create the account (the link proves the e-mail), or sign in first when an account has it.
 */
export function GiftLinkPage({ productName, token, viewer, loginPath, onSignedIn, afterRedeem, navigate }: GiftLinkPageProps) {
  const link = useGiftLink(token)
  return (
    <PageShell pageTitle={`Seu presente — ${productName}`} backdrop="glow" width="xl">
      {link.isPending || viewer.status === 'loading' ? (
        <div role="status" className="flex justify-center py-16">
          <Spinner label="Abrindo seu presente..." className="size-8" />
        </div>
      ) : link.isError ? (
        <div role="alert" className="rounded-3xl border border-line bg-card p-8 text-center shadow-soft">
          <p className="font-semibold text-ink">{loadErrorMessage(link.error, 'Não foi possível abrir o presente. Tente de novo em instantes.')}</p>
          <ButtonLink to="/" variant="outline" className="mt-6">
            Conhecer o {productName}
          </ButtonLink>
        </div>
      ) : (
        <GiftCard
          preview={link.data}
          productName={productName}
          token={token}
          viewer={viewer}
          loginPath={loginPath}
          onSignedIn={onSignedIn}
          afterRedeem={afterRedeem}
          navigate={navigate}
          onChanged={() => void link.refetch()}
        />
      )}
    </PageShell>
  )
}

function GiftCard({
  preview,
  productName,
  token,
  viewer,
  loginPath,
  onSignedIn,
  afterRedeem,
  navigate,
  onChanged,
}: Omit<GiftLinkPageProps, 'productName'> & { preview: GiftPreview; productName: string; onChanged: () => void }) {
  return (
    <article className="overflow-hidden rounded-3xl border border-line bg-card shadow-soft" aria-labelledby="gift-title">
      <header className="bg-tint px-6 pt-8 pb-6 text-center sm:px-10">
        <span aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-full bg-card text-accent-strong shadow-soft">
          <Gift className="size-7" />
        </span>
        <h1 id="gift-title" className="mt-4 text-2xl font-extrabold tracking-tight text-balance text-ink sm:text-3xl">
          {preview.fromName} te deu um presente
        </h1>
        <p className="mt-2 text-ink-muted">
          Plano {preview.planName} do {productName}: {monthsLabel(preview.months)} de áudios guiados para praticar todos os dias.
        </p>
      </header>
      <div className="flex flex-col gap-6 px-6 py-8 sm:px-10">
        {preview.message ? (
          <figure className="rounded-2xl border border-line bg-surface p-5">
            <Quote aria-hidden="true" className="size-5 text-accent" />
            <blockquote className="mt-2 whitespace-pre-line text-pretty text-ink">{preview.message}</blockquote>
            <figcaption className="mt-3 text-sm text-ink-muted">— {preview.fromName}</figcaption>
          </figure>
        ) : null}
        {preview.state === 'redeemed' ? (
          <div role="status" className="text-center">
            <p className="font-semibold text-ink">Este presente já foi resgatado.</p>
            <ButtonLink to="/dashboard" className="mt-4">
              Ir para os meus áudios
            </ButtonLink>
          </div>
        ) : preview.state === 'refunded' ? (
          <p role="alert" className="text-center font-semibold text-ink">
            Este presente foi cancelado por quem o deu e não pode mais ser resgatado.
          </p>
        ) : viewer.status === 'authenticated' ? (
          <RedeemHere token={token} email={viewer.email} isAdmin={viewer.isAdmin} afterRedeem={afterRedeem} navigate={navigate} onChanged={onChanged} />
        ) : preview.accountExists ? (
          <div className="text-center">
            <p className="text-ink-muted">
              Já existe uma conta com <strong className="font-semibold text-ink">{preview.recipientEmail}</strong>. Entre nela para resgatar.
            </p>
            <ButtonLink to={loginPath} size="lg" className="mt-5 w-full sm:w-auto">
              Entrar para resgatar
            </ButtonLink>
          </div>
        ) : (
          <CreateAccount token={token} preview={preview} loginPath={loginPath} onSignedIn={onSignedIn} afterRedeem={afterRedeem} navigate={navigate} />
        )}
      </div>
    </article>
  )
}

function RedeemHere({
  token,
  email,
  isAdmin,
  afterRedeem,
  navigate,
  onChanged,
}: {
  token: string
  email: string | null
  isAdmin: boolean
  afterRedeem: () => Promise<string>
  navigate: (path: string) => void
  onChanged: () => void
}) {
  const redeem = useRedeemGift(token)
  const [leaving, setLeaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (isAdmin) {
    return (
      <p role="alert" className="text-center text-ink-muted">
        Contas de administrador não resgatam presentes. Abra este link na conta de quem vai praticar.
      </p>
    )
  }
  const onRedeem = () => {
    setError(null)
    redeem.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast.success(message, { id: 'gift-redeemed' })
        setLeaving(true)
        void afterRedeem().then(navigate)
      },
      onError: (e) => {
        setError(errorMessageOr(e, 'Não foi possível resgatar o presente agora. Tente novamente.'))
        onChanged()
      },
    })
  }
  return (
    <form
      className="flex flex-col items-center gap-4 text-center"
      onSubmit={(event) => {
        event.preventDefault()
        if (!redeem.isPending && !leaving) onRedeem()
      }}
    >
      <p className="text-ink-muted">
        O plano começa hoje na conta <strong className="font-semibold break-all text-ink">{email}</strong>.
      </p>
      {error ? <FormAlert className="w-full text-left">{error}</FormAlert> : null}
      <SubmitButton loading={redeem.isPending || leaving} loadingText="Resgatando…" className="sm:w-auto">
        Resgatar presente
      </SubmitButton>
    </form>
  )
}

function CreateAccount({
  token,
  preview,
  loginPath,
  onSignedIn,
  afterRedeem,
  navigate,
}: {
  token: string
  preview: GiftPreview
  loginPath: string
  onSignedIn: (user: SignedInUser) => void
  afterRedeem: () => Promise<string>
  navigate: (path: string) => void
}) {
  const ids = useId()
  const create = useCreateAccountForGift(token)
  const [name, setName] = useState(preview.recipientName)
  const [password, setPassword] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)
  const reveal = useErrorReveal()
  const passwordHint = `Pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (create.isPending || leaving) return
    const badName = name.trim() ? null : AUTH_MSG.nameRequired
    const badPassword = password.length < PASSWORD_MIN_LENGTH ? AUTH_MSG.onboardingPasswordTooShort : null
    setNameError(badName)
    setPasswordError(badPassword)
    setError(null)
    if (badName || badPassword) return reveal.reveal()
    create.mutate(
      { name: name.trim(), password },
      {
        onSuccess: ({ user }) => {
          onSignedIn(user)
          toast.success('Conta criada e presente resgatado. Boa prática!', { id: 'gift-redeemed' })
          setLeaving(true)
          void afterRedeem().then(navigate)
        },
        onError: (e) => {
          setError(errorMessageOr(e, 'Não foi possível criar a conta agora. Tente novamente.'))
          reveal.reveal()
        },
      },
    )
  }

  return (
    <form ref={reveal.ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-labelledby={`${ids}-title`}>
      <div>
        <h2 id={`${ids}-title`} className="text-lg font-bold text-ink">
          Crie sua conta para resgatar
        </h2>
        <p className="mt-1 text-sm text-ink-muted">Um minuto, e o plano começa hoje.</p>
      </div>
      <FormField id={`${ids}-email`} label="E-mail">
        <TextInput id={`${ids}-email`} value={preview.recipientEmail} readOnly />
      </FormField>
      <FormField id={`${ids}-name`} label="Seu nome" error={nameError}>
        <TextInput
          id={`${ids}-name`}
          value={name}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy(`${ids}-name`, { error: nameError })}
        />
      </FormField>
      <FormField id={`${ids}-password`} label="Crie uma senha" hint={passwordHint} error={passwordError}>
        <PasswordInput
          id={`${ids}-password`}
          value={password}
          autoComplete="new-password"
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy(`${ids}-password`, { hint: passwordHint, error: passwordError })}
        />
      </FormField>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <SubmitButton size="lg" loading={create.isPending || leaving} loadingText="Resgatando…">
        Criar conta e resgatar
      </SubmitButton>
      <p className="text-center text-sm text-ink-muted">
        Vai usar outra conta?{' '}
        <Link to={loginPath} className="font-semibold text-accent-strong underline-offset-4 hover:underline">
          Entrar
        </Link>
      </p>
    </form>
  )
}
