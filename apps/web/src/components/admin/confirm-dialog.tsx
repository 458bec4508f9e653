import { useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Button } from '../ui/button'
import { ModalDialog } from '../ui/modal-dialog'
import { Spinner } from '../ui/spinner'
import { getErrorMessage } from '../../lib/api-client'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  description: ReactNode
  confirmLabel: string
  busyLabel: string
  /** The action is not possible now (the description says why); only 'Entendi' is offered. */
  confirmDisabled?: boolean
  /** Runs the action; the dialog closes with `successMessage` or stays open with `errorTitle`. */
  onConfirm: () => Promise<unknown>
  successMessage: string
  errorTitle: string
  onClose: () => void
}

/**
 * A destructive action asks first. The dialog stays open (and locked) while the request runs, then
 * closes with a success toast, or stays with an error toast carrying the server's message.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, busyLabel, confirmDisabled = false, onConfirm, successMessage, errorTitle, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      toast.success(successMessage)
      onClose()
    } catch (error) {
      toast.error(errorTitle, { description: getErrorMessage(error) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <ModalDialog open={open} onClose={onClose} title={title} description={description} locked={busy}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy} data-autofocus={confirmDisabled || undefined}>
          {confirmDisabled ? 'Entendi' : 'Cancelar'}
        </Button>
        {confirmDisabled ? null : (
          <Button className="bg-red-700 shadow-none hover:bg-red-800" onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined} data-autofocus>
            {busy ? <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" /> : null}
            {busy ? busyLabel : confirmLabel}
          </Button>
        )}
      </div>
    </ModalDialog>
  )
}
