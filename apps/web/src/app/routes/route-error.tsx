import { Home, RefreshCw, TriangleAlert } from 'lucide-react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/button'

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '')
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message)
}

/**
 * Error boundary for routes. A failed lazy chunk (usually a new deploy) asks for a reload;
 * anything else shows a generic pt-BR message with a way home.
 */
export function RouteError() {
  const error = useRouteError()
  const chunk = isChunkLoadError(error)
  if (import.meta.env.DEV) console.error(error)

  const title = chunk
    ? 'Uma nova versão está disponível'
    : isRouteErrorResponse(error) && error.status === 404
      ? 'Página não encontrada'
      : 'Algo deu errado'
  const text = chunk
    ? 'Recarregue a página para continuar.'
    : 'Não foi possível exibir esta página. Tente novamente em instantes.'

  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-warm-soft text-warm">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
      <p className="mt-3 leading-relaxed text-ink-muted">{text}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          {chunk ? 'Recarregar' : 'Tentar Novamente'}
        </Button>
        <ButtonLink to="/" variant="ghost" reloadDocument>
          <Home aria-hidden="true" />
          Voltar ao Início
        </ButtonLink>
      </div>
    </div>
  )
}
