import { CloudOff, RefreshCw } from 'lucide-react'
import { Button } from '../../../components/ui/button'

export function LandingError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-100 text-brand-700">
        <CloudOff aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink">Não foi possível carregar a página</h1>
      <p className="mt-3 leading-relaxed text-ink-muted">{message}</p>
      <Button onClick={onRetry} disabled={retrying} className="mt-8">
        <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        Tentar Novamente
      </Button>
    </div>
  )
}
