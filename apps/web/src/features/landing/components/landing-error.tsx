import { CloudOff, RefreshCw } from 'lucide-react'
import { Button } from '../../../components/ui/button'

export function LandingError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="border-b border-warm-line bg-warm-soft">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-3 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-start gap-2 text-sm text-ink">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warm" />
          <span>
            <strong className="font-semibold">Não foi possível atualizar o conteúdo.</strong> {message}
          </span>
        </p>
        <Button onClick={onRetry} disabled={retrying} size="sm" variant="outline">
          <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          Tentar Novamente
        </Button>
      </div>
    </div>
  )
}
