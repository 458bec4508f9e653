import { CircleAlert, RefreshCw, TriangleAlert } from 'lucide-react'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { QueryError } from '../../../components/admin/query-error'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormNotice } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { useValidation } from '../api/insights'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' })

/** `/admin/validation`: content health, each problem with the page that fixes it. */
export function ValidationPage() {
  const report = useValidation()
  const data = report.data
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Validação de mídia"
        description="Confere arquivos de áudio e música (ausentes ou diferentes do cadastro), os vídeos enviados da página inicial (arquivo, tipo e miniatura), campos sem áudios, o conteúdo da página inicial, os planos ativos e o áudio de demonstração."
        actions={
          <Button variant="outline" onClick={() => void report.refetch()} disabled={report.isFetching}>
            <RefreshCw aria-hidden="true" className={report.isFetching ? 'animate-spin' : undefined} />
            Verificar de novo
          </Button>
        }
      />
      {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {data ? (
        <>
          <p className="text-sm text-ink-muted">
            Verificado em {dateTime.format(new Date(data.checkedAt))}: {data.checked.fields} campos, {data.checked.audios} áudios, {data.checked.music} músicas de fundo, {data.checked.videos} vídeos e {data.checked.plans} planos.
          </p>
          {data.problems.length === 0 ? (
            <FormNotice>
              <span className="font-semibold">Tudo certo: nenhum problema encontrado.</span>
            </FormNotice>
          ) : (
            <ul className="grid gap-3" aria-label="Problemas encontrados">
              {data.problems.map((problem, index) => {
                const error = problem.severity === 'error'
                const Icon = error ? CircleAlert : TriangleAlert
                return (
                  <li
                    key={`${problem.kind}-${index}`}
                    data-testid={`problem-${problem.kind}`}
                    className={`flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-soft sm:flex-row sm:items-center ${error ? 'border-danger-line' : 'border-warm-line'}`}
                  >
                    <Icon aria-hidden="true" className={`size-6 shrink-0 ${error ? 'text-danger' : 'text-warm'}`} />
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-semibold text-ink">{error ? 'Erro' : 'Atenção'}</p>
                      <p className="text-ink">{problem.message}</p>
                    </div>
                    <ButtonLink to={problem.fixPath} variant="outline" size="sm">
                      {problem.fixLabel}
                    </ButtonLink>
                  </li>
                )
              })}
            </ul>
          )}
        </>
      ) : null}
    </div>
  )
}
