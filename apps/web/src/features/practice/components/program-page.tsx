import { useState } from 'react'
import { ArrowLeft, CalendarDays, CircleCheck, LogOut, Play, RotateCcw, Star } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { ProgramDetail } from '@sintonia/contract'
import { ConfirmDialog } from '../../../components/admin/confirm-dialog'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Artwork } from '../../../components/artwork'
import { PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { ApiRequestError, getErrorMessage } from '../../../lib/api-client'
import { useNavigate } from '../../../lib/navigation'
import { unlockPageAudio } from '../../../lib/page-audio'
import { programQueryOptions, useProgramActions, useStartProgram } from '../api/practice-api'
import { nextDayLabel, programLengthLabel } from '../lib/labels'
import { TODAY_AUTOSTART_STATE } from '../lib/session'
import { FieldChips, IconMark, LoadError, ProgramBadges } from './bits'
import { DayPath } from './day-path'

export interface ProgramPageProps {
  slug: string
  productName: string
}

/**
 * /programas/:slug: the programme and its path of days, with what the listener can do from where
 * they are: start it, practise today's day, make it the featured one, restart or leave it (both
 * asked first).
 */
export function ProgramPage({ slug, productName }: ProgramPageProps) {
  const query = useQuery(programQueryOptions(slug))
  const title = query.data ? `${query.data.program.title} — ${productName}` : `Programa — ${productName}`
  return (
    <PageShell pageTitle={title} contentClassName="pt-6 sm:pt-10 sm:pb-20">
      <ButtonLink to="/programas" variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" />
        Todos os programas
      </ButtonLink>
      {query.isPending ? (
        <div role="status" className="mt-6 space-y-4">
          <span className="sr-only">Carregando programa...</span>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      ) : query.isError ? (
        query.error instanceof ApiRequestError && query.error.status === 404 ? (
          <div role="alert" className="mt-6 flex flex-col items-center rounded-3xl border border-line bg-card p-8 text-center shadow-soft">
            <IconMark>
              <CalendarDays className="size-6" />
            </IconMark>
            <h1 className="mt-4 text-xl font-bold text-ink">{query.error.message}</h1>
            <p className="mt-1 text-sm text-ink-muted">Ele pode ter saído do ar. Os outros programas continuam esperando por você.</p>
            <ButtonLink to="/programas" size="md" className="mt-6">
              Ver os programas
            </ButtonLink>
          </div>
        ) : (
          <LoadError className="mt-6" title="Não foi possível carregar o programa." error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <ProgramView detail={query.data} />
      )}
    </PageShell>
  )
}

function ProgramView({ detail }: { detail: ProgramDetail }) {
  const { program, days, nextUnlockAt } = detail
  const { feature, restart, leave } = useProgramActions()
  const starting = useStartProgram()
  const navigate = useNavigate()
  const [confirm, setConfirm] = useState<'restart' | 'leave' | null>(null)
  const enrolment = program.enrolment
  const active = enrolment?.status === 'active'
  const today = active ? days.find((d) => d.state === 'today') : undefined
  const lastDone = days.reduce((max, d) => (d.state === 'done' ? Math.max(max, d.day) : max), 0)
  const doneToday = active && !today && nextUnlockAt !== null && lastDone > 0
  const busy = starting.isPending || feature.isPending

  const makeFeatured = () =>
    feature.mutate(program.id, {
      onSuccess: () => toast.success('Programa em destaque.', { description: 'É ele que aparece primeiro no seu início.' }),
      onError: (error) => toast.error('Não foi possível destacar o programa', { description: getErrorMessage(error) }),
    })
  // Today's session plays the featured programme: a programme practised from here becomes it first.
  const practise = () => {
    unlockPageAudio()
    if (enrolment?.featured) {
      void navigate('/hoje', { state: TODAY_AUTOSTART_STATE })
      return
    }
    feature.mutate(program.id, {
      onSuccess: () => void navigate('/hoje', { state: TODAY_AUTOSTART_STATE }),
      onError: (error) => toast.error('Não foi possível abrir a prática de hoje', { description: getErrorMessage(error) }),
    })
  }
  const practiseButton = (
    <Button size="md" onClick={practise} disabled={busy} aria-busy={feature.isPending || undefined}>
      {feature.isPending ? <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" /> : <Play aria-hidden="true" fill="currentColor" />}
      Praticar o dia de hoje
    </Button>
  )

  return (
    <>
      <header className="mt-4">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-7">
          <Artwork seed={program.id} cover={program.coverImage} eager sizes="(min-width: 640px) 160px, 112px" className="size-28 shrink-0 rounded-3xl shadow-lifted sm:size-40" />
          <div className="min-w-0">
            <ProgramBadges program={program} />
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance break-words text-ink sm:text-4xl">{program.title}</h1>
            <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-accent-strong">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              {programLengthLabel(program)}
              {program.isOpen ? <span className="text-ink-muted"> · dias livres, no seu ritmo</span> : null}
            </p>
          </div>
        </div>
      </header>

      <section aria-label="Ações do programa" className="mt-6 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
        {!enrolment ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-[0.95rem] text-ink-muted">
              {program.isOpen ? 'Todos os dias ficam abertos: você escolhe o ritmo.' : 'Um dia por vez: cada dia abre depois que o anterior foi concluído.'}
            </p>
            <Button size="md" onClick={() => starting.start(program)} disabled={busy} aria-busy={starting.isPending || undefined}>
              {starting.isPending ? <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" /> : <Play aria-hidden="true" />}
              Começar programa
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            {enrolment.status === 'completed' ? (
              <p className="flex items-start gap-2 font-semibold text-success">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                Você concluiu este programa. Cada dia continua aqui para ouvir de novo.
              </p>
            ) : doneToday ? (
              <p data-testid="day-done-note" className="flex items-start gap-2 text-ink">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                <span>
                  <span className="font-semibold">Dia {lastDone} concluído.</span>{' '}
                  <span className="text-ink-muted">{nextDayLabel(lastDone, program.daysCount, nextUnlockAt)}.</span>
                </span>
              </p>
            ) : null}
            {today || (active && !enrolment.featured) ? (
              <div className="flex flex-wrap items-center gap-2">
                {today ? practiseButton : null}
                {active && !enrolment.featured ? (
                  <Button variant="outline" size="md" onClick={makeFeatured} disabled={busy}>
                    <Star aria-hidden="true" />
                    Definir como destaque
                  </Button>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-wrap gap-x-2 gap-y-1 border-t border-line pt-3">
              <Button variant="ghost" size="sm" onClick={() => setConfirm('restart')}>
                <RotateCcw aria-hidden="true" />
                Recomeçar programa
              </Button>
              <Button variant="ghost" size="sm" className="text-ink-muted hover:bg-danger-soft hover:text-danger" onClick={() => setConfirm('leave')}>
                <LogOut aria-hidden="true" />
                Sair do programa
              </Button>
            </div>
          </div>
        )}
      </section>

      {/* After the actions: "Praticar o dia de hoje" stays in the first screen of a phone. */}
      {program.description ? <p className="mt-6 max-w-2xl text-lg leading-relaxed whitespace-pre-line text-ink-muted">{program.description}</p> : null}
      <FieldChips fields={program.fields} className="mt-4" />

      <section aria-labelledby="days-heading" className="mt-10">
        <h2 id="days-heading" className="text-xl font-bold tracking-tight text-ink">
          O caminho
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {enrolment ? `${enrolment.completedDays} de ${program.daysCount} dias concluídos.` : `${program.daysCount} dias, cada um com uma intenção.`}
        </p>
        <DayPath className="mt-5" days={days} currentDay={enrolment ? enrolment.currentDay : null} />
      </section>

      <ConfirmDialog
        open={confirm === 'restart'}
        title="Recomeçar o programa?"
        description={
          <>
            Os dias concluídos de <strong className="font-semibold text-ink">“{program.title}”</strong> serão apagados e você volta ao dia 1, hoje. Seus
            minutos ouvidos e sua sequência continuam.
          </>
        }
        confirmLabel="Recomeçar"
        busyLabel="Recomeçando..."
        onConfirm={() => restart.mutateAsync(program.id)}
        successMessage="Programa recomeçado. O dia 1 está esperando por você."
        errorTitle="Não foi possível recomeçar o programa"
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'leave'}
        title="Sair do programa?"
        description={
          <>
            Você deixa de seguir <strong className="font-semibold text-ink">“{program.title}”</strong> e os dias concluídos dele são apagados. Você pode
            começar de novo quando quiser.
          </>
        }
        confirmLabel="Sair do programa"
        busyLabel="Saindo..."
        onConfirm={() => leave.mutateAsync(program.id)}
        successMessage="Você saiu do programa."
        errorTitle="Não foi possível sair do programa"
        onClose={() => setConfirm(null)}
      />
    </>
  )
}
