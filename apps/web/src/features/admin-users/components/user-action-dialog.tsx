import { useState, type FormEvent } from 'react'
import type { AdminUser } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { FormAlert, FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { getErrorMessage } from '../../../lib/api-client'
import type { UserAction } from '../api/users'

export type DialogKind = 'complimentary' | 'ban' | 'unban' | 'promote' | 'demote'

interface Props {
  kind: DialogKind | null
  user: AdminUser | null
  pending: boolean
  onClose: () => void
  onConfirm: (action: UserAction) => Promise<void>
}

const TITLES: Record<DialogKind, string> = {
  complimentary: 'Liberar acesso cortesia',
  ban: 'Suspender conta',
  unban: 'Reativar conta',
  promote: 'Tornar administrador',
  demote: 'Remover função de administrador',
}

/** Confirms one action on a person; the typed values stay when the server refuses. */
export function UserActionDialog({ kind, user, pending, onClose, onConfirm }: Props) {
  const [days, setDays] = useState('30')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [daysError, setDaysError] = useState<string | null>(null)
  const reveal = useErrorReveal()
  if (!kind || !user) return <ModalDialog open={false} onClose={onClose} title="">{null}</ModalDialog>

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!kind || !user) return
    setError(null)
    let action: UserAction
    if (kind === 'complimentary') {
      const n = Number(days)
      if (!Number.isInteger(n) || n < 1 || n > 3650) {
        setDaysError('Informe um número de dias entre 1 e 3650')
        reveal.reveal()
        return
      }
      setDaysError(null)
      action = { kind: 'complimentary', userId: user.id, days: n }
    } else if (kind === 'ban' || kind === 'unban') {
      action = { kind: 'ban', userId: user.id, banned: kind === 'ban', ...(kind === 'ban' && reason.trim() ? { reason: reason.trim() } : {}) }
    } else {
      action = { kind: 'role', userId: user.id, role: kind === 'promote' ? 'admin' : 'user' }
    }
    try {
      await onConfirm(action)
    } catch (failure) {
      setError(getErrorMessage(failure))
      reveal.reveal()
    }
  }

  const who = `${user.name} (${user.email})`
  const descriptions: Record<DialogKind, string> = {
    complimentary: `${who} terá acesso de assinante pelos dias informados. Se já houver uma cortesia em vigor, ela é estendida.`,
    ban: `${who} será desconectado(a) de todos os aparelhos agora e não poderá entrar enquanto a suspensão durar.`,
    unban: `${who} poderá entrar novamente.`,
    promote: `${who} passará a acessar toda a área administrativa.`,
    demote: `${who} deixará de acessar a área administrativa e precisará entrar novamente.`,
  }

  return (
    <ModalDialog open onClose={onClose} locked={pending} title={TITLES[kind]} description={descriptions[kind]}>
      <form ref={reveal.ref} onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        {kind === 'complimentary' ? (
          <FormField id="complimentary-days" label="Dias de acesso" requirement="required" error={daysError}>
            <TextInput
              id="complimentary-days"
              data-autofocus
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              aria-invalid={daysError ? true : undefined}
              aria-describedby={describedBy('complimentary-days', { error: daysError })}
            />
          </FormField>
        ) : null}
        {kind === 'ban' ? (
          <FormField id="ban-reason" label="Motivo" requirement="optional" hint="Fica registrado na auditoria.">
            <TextInput id="ban-reason" data-autofocus maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby="ban-reason-hint" />
          </FormField>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <SubmitButton loading={pending} loadingText="Salvando..." size="md" className="sm:w-auto" data-autofocus={kind === 'complimentary' || kind === 'ban' ? undefined : true}>
            {TITLES[kind]}
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}
