import { useEffect, useId, useRef, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { cn } from '../../lib/cn'

export interface ModalDialogProps {
  open: boolean
  /** Escape, the close button or a click on the backdrop. */
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  /** While true the dialog cannot be dismissed (e.g. a request is running). */
  locked?: boolean
  className?: string
}

/**
 * A modal on the native <dialog>: `showModal()` gives the focus trap, inert background, Escape
 * and focus return for free. Falls back to the `open` attribute where showModal is missing.
 */
export function ModalDialog({ open, onClose, title, description, children, locked = false, className }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = `${useId()}-title`
  const descriptionId = `${titleId}-description`

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      // Content marked data-autofocus gets the focus (React's autoFocus runs before showModal).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault()
        if (!locked) onClose()
      }}
      onClick={(event) => {
        if (event.target === ref.current && !locked) onClose()
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-line bg-card p-0 text-ink shadow-lifted',
        'backdrop:bg-brand-950/55 backdrop:backdrop-blur-[2px] open:animate-fade-in',
        className,
      )}
    >
      {open ? (
        <div className="relative p-6 sm:p-7">
          <button
            type="button"
            onClick={onClose}
            disabled={locked}
            aria-label="Fechar diálogo"
            className="absolute top-3 right-3 grid size-10 place-items-center rounded-xl text-ink-muted transition-colors hover:bg-tint hover:text-ink disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
          <h2 id={titleId} className="pr-10 text-xl font-bold tracking-tight text-ink">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-2 text-[0.95rem] leading-relaxed text-ink-muted">
              {description}
            </div>
          ) : null}
          <div className="mt-5">{children}</div>
        </div>
      ) : null}
    </dialog>
  )
}
