import { Home, RefreshCw, Sparkles, VolumeX } from 'lucide-react'
import { DEMO_MSG } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'

export interface DemoUnavailableProps {
  /** Why, in the product's words; defaults to 'no demo available'. */
  message?: string
  /** The reason under it (the connection's or the server's message). */
  detail?: string | undefined
  onRetry: () => void
  retrying?: boolean
}

/** Shown when there is no usable demo audio or the request failed. */
export function DemoUnavailable({ message = DEMO_MSG.noneAvailable, detail, onRetry, retrying = false }: DemoUnavailableProps) {
  return (
    <div className="mx-auto max-w-xl px-5 py-16 sm:px-6 sm:py-24">
      <div className="rounded-2xl border border-line bg-card p-8 text-center shadow-soft sm:p-10">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-warm-soft text-warm">
          <VolumeX aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">
          {DEMO_MSG.unavailableTitle}
        </h1>
        <div role="alert" className="mt-3">
          <p className="font-semibold leading-relaxed text-ink">{message}</p>
          {detail ? <p className="mt-1 text-sm leading-relaxed text-ink-muted">{detail}</p> : null}
        </div>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
          <Button onClick={onRetry} disabled={retrying}>
            <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
            Tentar Novamente
          </Button>
          <ButtonLink to="/assinatura" variant="secondary">
            <Sparkles aria-hidden="true" />
            Ver Planos Completos
          </ButtonLink>
          <ButtonLink to="/" variant="ghost">
            <Home aria-hidden="true" />
            Voltar ao Início
          </ButtonLink>
        </div>
      </div>
    </div>
  )
}
