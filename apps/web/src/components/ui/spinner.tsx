import { cn } from '../../lib/cn'

export interface SpinnerProps {
  className?: string
  /** Text for screen readers; the ring itself is decorative. Pass null when a visible label exists. */
  label?: string | null
}

export function Spinner({ className, label = 'Carregando...' }: SpinnerProps) {
  return (
    <span className={cn('inline-flex size-6 items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-full animate-spin rounded-full border-[3px] border-line-strong border-t-brand-700"
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  )
}
