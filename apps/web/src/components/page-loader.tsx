import { MSG } from '@sintonia/contract'
import { cn } from '../lib/cn'
import { Spinner } from './ui/spinner'

/** Full-area loading state with the product's 'Carregando...' text. */
export function PageLoader({ className, label = MSG.loading }: { className?: string; label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-ink-muted', className)}
    >
      <Spinner className="size-10" label={null} />
      <p className="text-base font-medium">{label}</p>
    </div>
  )
}
