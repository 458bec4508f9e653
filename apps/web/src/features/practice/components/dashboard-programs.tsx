import type { ReactNode } from 'react'
import { ChevronRight, Sparkles, Sprout } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import type { ProgramSummary } from '@sintonia/contract'
import { cn } from '../../../lib/cn'
import { Link } from '../../../lib/navigation'
import { programsQueryOptions, todayQueryOptions } from '../api/practice-api'
import { programLengthLabel, programStatusLabel } from '../lib/labels'
import { programShelf } from '../lib/shelf'

/**
 * The dashboard's 'Programas', under the Today card (docs/product/practice.md): the listener's
 * other programmes in progress ('Dia 3 de 21'), then the published ones not followed yet, at most
 * three, and the way to all of them. It shows nothing while the lists load, when their read fails
 * (the Today card speaks for the practice) or when there is nothing to list.
 */
export function DashboardPrograms() {
  const programs = useQuery(programsQueryOptions())
  const today = useQuery(todayQueryOptions())
  if (!programs.isSuccess || today.isPending) return null
  // The programme the Today card shows; without its answer, the featured one is the one it would show.
  const inToday = today.isSuccess ? (today.data.program?.id ?? null) : (programs.data.programs.find((p) => p.enrolment?.featured)?.id ?? null)
  const { following, discover } = programShelf(programs.data.programs, inToday)
  if (following.length === 0 && discover.length === 0) return null
  const followsAny = inToday !== null || following.length > 0
  return (
    <section
      aria-labelledby="dashboard-programs-heading"
      data-testid="dashboard-programs"
      className="grid grid-cols-1 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-baseline sm:gap-x-3"
    >
      <h2 id="dashboard-programs-heading" className="text-xl font-bold tracking-tight text-ink">
        Programas
      </h2>
      {/* From 1024 px both groups share one row of three columns, each as wide as its cards. */}
      <div className="mt-4 grid gap-x-3 gap-y-4 sm:col-span-2 lg:grid-cols-3">
        {following.length > 0 ? (
          <ShelfGroup title="Em andamento" count={following.length}>
            {following.map((program) => (
              <ShelfCard key={program.id} program={program} detail={programStatusLabel(program)} following />
            ))}
          </ShelfGroup>
        ) : null}
        {discover.length > 0 ? (
          <ShelfGroup title={followsAny ? 'Conheça também' : 'Para começar'} count={discover.length}>
            {discover.map((program) => (
              <ShelfCard key={program.id} program={program} detail={programLengthLabel(program)} />
            ))}
          </ShelfGroup>
        ) : null}
      </div>
      {/* After the cards on a phone (the heading's line has no room for it); beside the heading from 640 px. */}
      <Link
        to="/programas"
        className="mt-2 inline-flex items-center gap-0.5 justify-self-start rounded-md py-2 text-sm leading-5 font-semibold text-accent hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:col-start-2 sm:row-start-1 sm:mt-0 sm:py-0 sm:pl-1"
      >
        Ver todos os programas
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  )
}

/** A group's columns from 1024 px: as many as its cards (SHELF_LIMIT at most). */
const GROUP_SPAN = ['', 'lg:col-span-1', 'lg:col-span-2', 'lg:col-span-3'] as const
const GROUP_COLUMNS = ['', 'lg:grid-cols-1', 'lg:grid-cols-2', 'lg:grid-cols-3'] as const

function ShelfGroup({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <div className={GROUP_SPAN[count]}>
      <h3 className="text-sm leading-5 font-semibold text-ink-muted">{title}</h3>
      <ul aria-label={title} className={cn('mt-2 grid gap-3 sm:grid-cols-2', GROUP_COLUMNS[count])}>
        {children}
      </ul>
    </div>
  )
}

/** One programme, the whole card a link to its page: its title and one line (where the listener is, or its length). */
function ShelfCard({ program, detail, following = false }: { program: ProgramSummary; detail: string | null; following?: boolean }) {
  return (
    <li>
      <Link
        to={`/programas/${program.slug}`}
        data-testid="dashboard-program"
        className="group flex h-full items-center gap-3 rounded-2xl border border-line bg-card p-4 shadow-soft transition-[border-color,box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:border-line-strong hover:shadow-lifted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
      >
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-xl transition-colors',
            following ? 'bg-success-soft text-success' : 'bg-tint-strong text-accent group-hover:bg-brand-700 group-hover:text-white',
          )}
        >
          {following ? <Sprout className="size-5" /> : <Sparkles className="size-5" />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="line-clamp-2 leading-6 font-semibold text-ink">{program.title}</span>
          <span data-testid="dashboard-program-detail" className={cn('text-sm leading-5', following ? 'font-semibold text-success' : 'text-ink-muted')}>
            {detail}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-accent transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
      </Link>
    </li>
  )
}
