import { CalendarDays, ChevronRight, Compass, Play, Sparkles } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import type { ProgramSummary } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { PageHeading, PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { Link } from '../../../lib/navigation'
import { programsQueryOptions, useStartProgram } from '../api/practice-api'
import { programLengthLabel } from '../lib/labels'
import { Artwork } from '../../../components/artwork'
import { FieldChips, IconMark, LoadError, ProgramBadges } from './bits'

export interface ProgramsPageProps {
  productName: string
}

/** /programas: the published programmes, each with what it asks for and where the listener is in it. */
export function ProgramsPage({ productName }: ProgramsPageProps) {
  const query = useQuery(programsQueryOptions())
  return (
    <PageShell pageTitle={`Programas — ${productName}`} width="5xl" contentClassName="sm:pb-20">
      <PageHeading
        eyebrow="Prática diária"
        title="Programas"
        description="Jornadas de alguns minutos por dia. Um dia de cada vez, no seu ritmo: um dia que ficou para trás espera por você."
      />
      <div className="mt-8">
        {query.isPending ? (
          <div role="status" className="grid gap-4 sm:grid-cols-2">
            <span className="sr-only">Carregando programas...</span>
            <Skeleton className="h-80 rounded-3xl" />
            <Skeleton className="h-80 rounded-3xl" />
          </div>
        ) : query.isError ? (
          <LoadError title="Não foi possível carregar os programas." error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.programs.length === 0 ? (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-line-strong bg-card/70 px-6 py-12 text-center">
            <IconMark>
              <Compass className="size-6" />
            </IconMark>
            <p className="mt-4 font-semibold text-ink">Os programas estão sendo preparados.</p>
            <p className="mt-1 max-w-md text-sm text-ink-muted">Enquanto isso, os campos do início têm áudios para ouvir quando quiser.</p>
            <ButtonLink to="/dashboard" variant="outline" size="md" className="mt-5">
              Voltar ao início
            </ButtonLink>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5" aria-label="Programas disponíveis">
            {query.data.programs.map((program) => (
              <li key={program.id}>
                <ProgramCard program={program} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageShell>
  )
}

/** One programme: its fields, title, description, length and, when followed, where the listener is. */
export function ProgramCard({ program }: { program: ProgramSummary }) {
  const { start, isPending } = useStartProgram()
  const href = `/programas/${program.slug}`
  const enrolment = program.enrolment
  return (
    <Card data-testid="program-card" className="flex h-full flex-col overflow-hidden rounded-3xl">
      <Artwork seed={program.id} cover={program.coverImage} sizes="(min-width: 1024px) 560px, 100vw" className="h-32 sm:h-36">
        <div className="flex h-full items-start justify-between gap-3 px-5 pt-5 pb-4 sm:px-6">
          <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl border border-white/25 bg-white/15 text-white backdrop-blur-sm">
            <Sparkles className="size-6" />
          </span>
          <ProgramBadges program={program} className="justify-end pt-1" />
        </div>
      </Artwork>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h2 className="text-xl font-bold leading-snug tracking-tight text-balance text-ink">
          <Link to={href} className="rounded-md hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {program.title}
          </Link>
        </h2>
        <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-accent-strong" data-testid="program-length">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          {programLengthLabel(program)}
          {program.isOpen ? <span className="text-ink-muted"> · dias livres</span> : null}
        </p>
        {program.description ? <p className="mt-3 line-clamp-4 text-[0.95rem] leading-relaxed text-ink-muted">{program.description}</p> : null}
        <FieldChips fields={program.fields} className="mt-4" />
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-6">
          {enrolment ? (
            <ButtonLink to={href} variant={enrolment.status === 'completed' ? 'outline' : 'primary'} size="md" className="flex-1 sm:flex-none">
              {enrolment.status === 'completed' ? 'Ver o caminho' : 'Ver meu programa'}
              <ChevronRight aria-hidden="true" />
            </ButtonLink>
          ) : (
            <>
              <Button size="md" onClick={() => start(program)} disabled={isPending} aria-busy={isPending || undefined} className="flex-1 sm:flex-none">
                {isPending ? <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" /> : <Play aria-hidden="true" />}
                Começar programa
              </Button>
              <ButtonLink to={href} variant="ghost" size="md" className="flex-1 sm:flex-none" aria-label={`Ver os dias de ${program.title}`}>
                Ver os dias
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </Card>
  )
}
