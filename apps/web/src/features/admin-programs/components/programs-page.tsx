import { useState } from 'react'
import { toast } from 'sonner'
import { Plus } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { ConfirmDialog } from '../../../components/admin/confirm-dialog'
import { QueryError } from '../../../components/admin/query-error'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useAdminPrograms, useDeleteProgram, useReorderPrograms } from '../api/programs'
import { NewProgramDialog } from './new-program-dialog'
import { ProgramInsightsPanel } from './program-insights'
import { ProgramList, enrolledLabel, type ProgramRow } from './program-list'

const TABS = [
  { id: 'programas', label: 'Programas' },
  { id: 'resultados', label: 'Resultados' },
] as const
type TabId = (typeof TABS)[number]['id']

function ProgramsPanel({ onCreate }: { onCreate: () => void }) {
  const query = useAdminPrograms()
  const reorder = useReorderPrograms()
  const remove = useDeleteProgram()
  const [deleting, setDeleting] = useState<ProgramRow | null>(null)

  const onReorder = (ordered: ProgramRow[]) => {
    reorder.mutate(ordered, {
      onSuccess: () => toast.success('Ordem dos programas salva'),
      onError: (error) => toast.error('Não foi possível salvar a nova ordem', { description: getErrorMessage(error) }),
    })
  }

  return (
    <>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : null}
      {query.data && query.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-card p-8 text-center text-ink-muted">
          <p>Nenhum programa ainda.</p>
          <Button variant="outline" className="mt-3" onClick={onCreate}>
            Criar o primeiro programa
          </Button>
        </div>
      ) : null}
      {query.data && query.data.length > 0 ? (
        <ProgramList programs={query.data} onReorder={onReorder} disabled={reorder.isPending} onDelete={setDeleting} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir programa?"
        description={
          deleting
            ? deleting.enrolled > 0
              ? `"${deleting.title}" tem ${enrolledLabel(deleting.enrolled)}: eles deixarão de vê-lo e perderão o caminho feito nele. Esta ação não pode ser desfeita.`
              : `"${deleting.title}" será excluído com seus dias. Os áudios continuam no catálogo. Esta ação não pode ser desfeita.`
            : ''
        }
        confirmLabel="Excluir programa"
        busyLabel="Excluindo..."
        successMessage="Programa excluído"
        errorTitle="Não foi possível excluir o programa"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
      />
    </>
  )
}

/**
 * `/admin/programas`: the programmes in the order listeners see them (create, publish, reorder,
 * delete) and, in 'Resultados', how far the listeners go in each. The tab lives in ?aba=.
 */
export function ProgramsPage() {
  const [params, setParams] = useSearchParams()
  const current: TabId = TABS.find((tab) => tab.id === params.get('aba'))?.id ?? 'programas'
  const [creating, setCreating] = useState(false)
  return (
    <div>
      <AdminPageHeader
        title="Programas"
        description="Jornadas de vários dias: cada dia com uma intenção e seus áudios. A ordem aqui é a ordem em que os ouvintes veem os programas publicados."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Novo programa
          </Button>
        }
      />
      <div role="tablist" aria-label="Seções dos programas" className="mb-6 flex gap-1 rounded-2xl border border-line bg-card p-1 shadow-soft sm:w-fit">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={current === tab.id}
            aria-controls={`panel-${tab.id}`}
            onClick={() => setParams(tab.id === 'programas' ? {} : { aba: tab.id }, { replace: true })}
            className={cn(
              'flex-1 rounded-xl px-2 py-2.5 text-sm leading-tight font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-6',
              current === tab.id ? 'bg-brand-700 text-white shadow-glow' : 'text-accent-strong hover:bg-tint',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`}>
        {current === 'programas' ? <ProgramsPanel onCreate={() => setCreating(true)} /> : <ProgramInsightsPanel />}
      </div>
      {creating ? <NewProgramDialog onClose={() => setCreating(false)} /> : null}
    </div>
  )
}
