import { CloudOff, RefreshCw } from 'lucide-react'
import { Button } from '../ui/button'
import { cn } from '../../lib/cn'

/**
 * Above plan cards that could not be refreshed: they are this browser's last copy (or the
 * defaults), so the list is never empty, and the visitor is told so and may try again
 * (docs/product/commerce.md#when-the-plans-cannot-be-loaded).
 */
export function StalePlansNotice({ onRetry, retrying, className }: { onRetry: () => void; retrying: boolean; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'mx-auto flex max-w-2xl flex-col items-start gap-3 rounded-2xl border border-warm-line bg-warm-soft px-4 py-3 text-left sm:flex-row sm:items-center sm:justify-between sm:px-5',
        className,
      )}
    >
      <p className="flex items-start gap-2.5 text-[0.95rem] leading-relaxed text-warm">
        <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warm" />
        <span>
          <strong className="font-semibold">Não foi possível atualizar os planos.</strong> Os preços abaixo podem estar desatualizados.
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined} className="shrink-0">
        <RefreshCw aria-hidden="true" className={cn(retrying && 'animate-spin')} />
        Tentar novamente
      </Button>
    </div>
  )
}
