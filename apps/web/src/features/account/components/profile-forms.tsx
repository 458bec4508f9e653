import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { BadgeCheck, CircleAlert, KeyRound, Mail, Send } from 'lucide-react'
import {
  AUTH_MSG,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type SignedInUser,
} from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { EmailInput, FormAlert, FormField, FormNotice, PasswordInput, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, errorMessageOr } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useChangeEmail, useChangePassword, useResendVerification, useUpdateProfile } from '../api/account-api'

/**
 * A message under one of the forms. `attempt` changes on every submit, so the box is mounted
 * again (and announced) even when the text repeats; `field` marks the input the message is about.
 * An error is brought into view and focused by useErrorReveal, inside the hook's `ref`.
 */
interface Shown<F extends string = string> {
  kind: 'error' | 'notice'
  text: ReactNode
  attempt: number
  field?: F
}

function useShown<F extends string, E extends HTMLElement = HTMLFormElement>() {
  const [shown, setShown] = useState<Shown<F> | null>(null)
  const errors = useErrorReveal<E>()
  const show = (kind: Shown['kind'], text: ReactNode, field?: F) => {
    setShown((previous) => ({ kind, text, attempt: (previous?.attempt ?? 0) + 1, ...(field ? { field } : {}) }))
    if (kind === 'error') errors.reveal()
  }
  return { shown, show, clear: () => setShown(null), ref: errors.ref }
}

function ShownMessage({ shown, className }: { shown: Shown | null; className?: string }) {
  if (!shown) return null
  return shown.kind === 'error' ? (
    <FormAlert key={`e${shown.attempt}`} className={className}>
      {shown.text}
    </FormAlert>
  ) : (
    <FormNotice key={`n${shown.attempt}`} reveal className={className}>
      {shown.text}
    </FormNotice>
  )
}

/** Moves the focus to the first field of a form the person just opened. */
function useFocusWhenOpened(open: boolean) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (open) ref.current?.focus()
  }, [open])
  return ref
}

/** A simple shape check before asking the server (which checks again). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** One block of "Seus dados": a small heading, then its content; blocks are separated by a rule. */
export function ProfileBlock({ icon, title, children, className }: { icon: ReactNode; title: string; children: ReactNode; className?: string }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className={cn('border-t border-line pt-5 first:border-t-0 first:pt-0', className)}>
      <h3 id={id} className="flex items-center gap-2 font-semibold text-ink [&_svg]:size-[1.125rem] [&_svg]:text-accent">
        {icon}
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </div>
  )
}

/** Nome: the display name, saved with PATCH /api/account/profile. */
export function NameForm({ user, onUserChange }: { user: SignedInUser; onUserChange: (user: SignedInUser) => void }) {
  const update = useUpdateProfile()
  const [name, setName] = useState(user.displayName)
  const form = useShown<'name'>()
  const { shown, show } = form
  const inputId = useId()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (update.isPending) return
    const clean = name.trim()
    if (!clean) return show('error', AUTH_MSG.nameRequired, 'name')
    if (clean.length > DISPLAY_NAME_MAX_LENGTH) return show('error', AUTH_MSG.nameTooLong, 'name')
    update.mutate(clean, {
      onSuccess: (saved) => {
        setName(saved.displayName)
        onUserChange(saved)
        show('notice', AUTH_MSG.profileSaved)
      },
      onError: (e) => show('error', errorMessageOr(e, AUTH_MSG.other), 'name'),
    })
  }

  const invalid = shown?.kind === 'error' && shown.field === 'name'
  return (
    <form ref={form.ref} onSubmit={onSubmit} noValidate aria-label="Alterar nome" className="flex flex-col gap-3">
      <FormField id={inputId} label="Nome" hint="É como chamamos você no app.">
        <div className="flex flex-col gap-3 sm:flex-row">
          <TextInput
            id={inputId}
            name="name"
            autoComplete="name"
            maxLength={DISPLAY_NAME_MAX_LENGTH + 20}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(inputId, { hint: 'É como chamamos você no app.' })}
            className="sm:flex-1"
          />
          <SubmitButton loading={update.isPending} loadingText="Salvando..." size="md" className="min-h-12 sm:w-auto">
            Salvar nome
          </SubmitButton>
        </div>
      </FormField>
      <ShownMessage shown={shown} />
    </form>
  )
}

/** E-mail: the address, whether it is confirmed, the confirmation e-mail again and the change of address. */
export function EmailBlock({ user, onEmailConfirmed }: { user: SignedInUser; onEmailConfirmed: () => void }) {
  const resend = useResendVerification()
  const change = useChangeEmail()
  const [editing, setEditing] = useState(false)
  const [newEmail, setNewEmail] = useState('')
  const status = useShown<string, HTMLDivElement>()
  const form = useShown<'newEmail'>()
  const ids = useId()
  const formId = `${ids}-form`
  const firstField = useFocusWhenOpened(editing)

  const onResend = () => {
    if (resend.isPending) return
    resend.mutate(undefined, {
      onSuccess: (message) => status.show('notice', message),
      onError: (e) => {
        // 409: confirmed in the meantime (e.g. from another device): say so and read the sign-in again.
        if (e instanceof ApiRequestError && e.status === 409) {
          status.show('notice', errorMessageOr(e, AUTH_MSG.alreadyVerified))
          onEmailConfirmed()
          return
        }
        status.show('error', errorMessageOr(e, AUTH_MSG.other))
      },
    })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (change.isPending) return
    const clean = newEmail.trim().toLowerCase()
    if (!EMAIL_SHAPE.test(clean)) return form.show('error', AUTH_MSG.invalidEmail, 'newEmail')
    if (clean === user.email.toLowerCase()) return form.show('error', AUTH_MSG.emailSame, 'newEmail')
    change.mutate(clean, {
      onSuccess: (message) => {
        setEditing(false)
        setNewEmail('')
        form.clear()
        status.show(
          'notice',
          <>
            <p>{message}</p>
            <p className="mt-1 text-sm text-success">
              Abra o e-mail enviado para <strong className="font-semibold wrap-anywhere">{clean}</strong>. Até lá, sua conta continua com{' '}
              <span className="wrap-anywhere">{user.email}</span>.
            </p>
          </>,
        )
      },
      onError: (e) => form.show('error', errorMessageOr(e, AUTH_MSG.other), 'newEmail'),
    })
  }

  const cancel = () => {
    setEditing(false)
    setNewEmail('')
    form.clear()
    change.reset()
  }

  const invalid = form.shown?.kind === 'error' && form.shown.field === 'newEmail'
  const hint = 'A troca só vale depois que você abrir o link que enviaremos para o novo endereço.'

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p data-testid="account-email" className="min-w-0 font-semibold text-ink wrap-anywhere">
          {user.email}
        </p>
        {user.emailVerified ? (
          <Badge variant="success" data-testid="account-email-status">
            <BadgeCheck aria-hidden="true" />
            Confirmado
          </Badge>
        ) : (
          <Badge variant="gold" data-testid="account-email-status">
            <CircleAlert aria-hidden="true" />
            Não confirmado
          </Badge>
        )}
      </div>

      {user.emailVerified ? null : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-[0.95rem] leading-relaxed text-ink-muted">
            Enviamos um link de confirmação para este e-mail. Confirmar garante que só você recebe o acesso e os avisos da sua conta.
          </p>
          <Button variant="outline" size="md" className="w-full sm:w-auto" onClick={onResend} disabled={resend.isPending} aria-busy={resend.isPending || undefined}>
            {resend.isPending ? <Spinner label={null} className="size-[1.125rem]" /> : <Send aria-hidden="true" />}
            Reenviar confirmação
          </Button>
        </div>
      )}

      <div ref={status.ref} className="contents">
        <ShownMessage shown={status.shown} />
      </div>

      {editing ? (
        <form ref={form.ref} id={formId} onSubmit={onSubmit} noValidate aria-label="Alterar e-mail" className="mt-1 flex flex-col gap-4 rounded-2xl border border-line bg-tint/40 p-4">
          <FormField id={`${ids}-new-email`} label="Novo e-mail" hint={hint}>
            <EmailInput
              ref={firstField}
              id={`${ids}-new-email`}
              name="new-email"
              placeholder="voce@exemplo.com"
              value={newEmail}
              onValueChange={setNewEmail}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy(`${ids}-new-email`, { hint })}
            />
          </FormField>
          <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-end">
            <SubmitButton loading={change.isPending} loadingText="Enviando..." size="md" className="sm:w-auto">
              <Mail aria-hidden="true" />
              Enviar link
            </SubmitButton>
            <Button variant="ghost" size="md" onClick={cancel} disabled={change.isPending}>
              Cancelar
            </Button>
          </div>
          <ShownMessage shown={form.shown} />
        </form>
      ) : (
        <Button
          variant="outline"
          size="md"
          className="w-full sm:w-auto sm:self-start"
          onClick={() => {
            status.clear()
            setEditing(true)
          }}
        >
          <Mail aria-hidden="true" />
          Alterar e-mail
        </Button>
      )}
    </div>
  )
}

type PasswordField = 'current' | 'new' | 'confirm'

/** Senha: the current one, then the new one twice; the other sign-ins end on the server. */
export function PasswordForm() {
  const changePassword = useChangePassword()
  const [editing, setEditing] = useState(false)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const form = useShown<PasswordField>()
  const done = useShown()
  const ids = useId()
  const firstField = useFocusWhenOpened(editing)

  const reset = () => {
    setCurrent('')
    setNext('')
    setConfirm('')
    form.clear()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (changePassword.isPending) return
    if (!current) return form.show('error', 'Informe a senha atual', 'current')
    if (next.length < PASSWORD_MIN_LENGTH) return form.show('error', AUTH_MSG.passwordTooShort, 'new')
    if (next !== confirm) return form.show('error', AUTH_MSG.onboardingPasswordMismatch, 'confirm')
    if (next === current) return form.show('error', AUTH_MSG.samePassword, 'new')
    changePassword.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: (message) => {
          reset()
          setEditing(false)
          done.show('notice', message)
        },
        onError: (e) => {
          const wrongCurrent = e instanceof ApiRequestError && e.status === 403
          form.show('error', errorMessageOr(e, AUTH_MSG.other), wrongCurrent ? 'current' : undefined)
        },
      },
    )
  }

  const invalid = (field: PasswordField) => (form.shown?.kind === 'error' && form.shown.field === field) || undefined

  if (!editing) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-[0.95rem] leading-relaxed text-ink-muted">Ao trocar a senha, os outros aparelhos conectados saem da conta.</p>
        <ShownMessage shown={done.shown} />
        <Button
          variant="outline"
          size="md"
          className="w-full sm:w-auto sm:self-start"
          onClick={() => {
            done.clear()
            setEditing(true)
          }}
        >
          <KeyRound aria-hidden="true" />
          Alterar senha
        </Button>
      </div>
    )
  }

  return (
    <form ref={form.ref} onSubmit={onSubmit} noValidate aria-label="Alterar senha" className="flex flex-col gap-4 rounded-2xl border border-line bg-tint/40 p-4">
      <FormField id={`${ids}-current`} label="Senha atual">
        <PasswordInput
          ref={firstField}
          id={`${ids}-current`}
          name="current-password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          aria-invalid={invalid('current')}
        />
      </FormField>
      <FormField id={`${ids}-new`} label="Nova senha" hint={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.`}>
        <PasswordInput
          id={`${ids}-new`}
          name="new-password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          aria-invalid={invalid('new')}
          aria-describedby={`${ids}-new-hint`}
        />
      </FormField>
      <FormField id={`${ids}-confirm`} label="Confirme a nova senha">
        <PasswordInput
          id={`${ids}-confirm`}
          name="confirm-password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          aria-invalid={invalid('confirm')}
        />
      </FormField>
      <p className="text-sm leading-relaxed text-ink-muted">Por segurança, os outros aparelhos conectados saem da conta. Este continua conectado.</p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-end">
        <SubmitButton loading={changePassword.isPending} loadingText="Salvando..." size="md" className="sm:w-auto">
          Salvar nova senha
        </SubmitButton>
        <Button
          variant="ghost"
          size="md"
          onClick={() => {
            reset()
            changePassword.reset()
            setEditing(false)
          }}
          disabled={changePassword.isPending}
        >
          Cancelar
        </Button>
      </div>
      <ShownMessage shown={form.shown} />
    </form>
  )
}
