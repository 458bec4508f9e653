import type { ReactNode } from 'react'
import { Award, ChevronRight, CircleCheck, Play, Sprout } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import type { Today } from '@sintonia/contract'
import { Artwork } from '../../../components/artwork'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { unlockPageAudio } from '../../../lib/page-audio'
import { todayQueryOptions } from '../api/practice-api'
import { useSendTimeZoneOnce } from '../hooks/use-send-time-zone-once'
import { minutesLabel, nextDayLabel, visibleStreak } from '../lib/labels'
import { TODAY_AUTOSTART_STATE } from '../lib/session'
import { IconMark, StreakMark } from './bits'

/**
 * The first thing on the dashboard (docs/product/practice.md): today's day of the featured
 * programme with its intention and one button; the day done, with when the next one opens; or an
 * invitation to choose a programme. Its first load also sends the browser's time zone, once.
 */
export function TodayCard() {
  const query = useQuery(todayQueryOptions())
  useSendTimeZoneOnce(query.isSuccess)

  if (query.isPending) {
    return (
      <div role="status" aria-label="Carregando sua prática de hoje">
        <Skeleton className="h-52 rounded-3xl" />
      </div>
    )
  }
  if (query.isError) {
    return (
      <section aria-labelledby="today-heading" data-testid="today-card" className="flex flex-col gap-3 rounded-3xl border border-line bg-card p-5 shadow-soft sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div>
          <h2 id="today-heading" className="font-semibold text-ink">
            Sua prática de hoje não carregou.
          </h2>
          <p className="text-sm text-ink-muted">Verifique a conexão e tente de novo.</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </section>
    )
  }
  return <TodayCardView today={query.data} />
}

export function TodayCardView({ today }: { today: Today }) {
  const { program, day, resume, streak, nextUnlockAt } = today
  const streakText = visibleStreak(streak)

  if (!program) {
    return (
      <LightCard>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-4">
          <IconMark tone="emerald">
            <Sprout className="size-6" />
          </IconMark>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-accent">Prática diária</p>
            <h2 id="today-heading" className="mt-1 text-xl font-bold tracking-tight text-ink sm:text-2xl">
              Comece uma jornada de alguns minutos por dia
            </h2>
            <p className="mt-2 max-w-xl text-[0.95rem] leading-6 text-ink-muted">
              Escolha um programa e, a cada dia, uma intenção e seus áudios esperam por você. Um dia de cada vez, no seu ritmo.
            </p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-3 sm:pl-16">
          <ButtonLink to="/programas" size="md">
            Conhecer os programas
            <ChevronRight aria-hidden="true" />
          </ButtonLink>
          {streakText ? <StreakMark label={streakText} /> : null}
        </div>
      </LightCard>
    )
  }

  if (program.enrolment?.status === 'completed' || !day) {
    return (
      <LightCard>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-4">
          <IconMark tone="gold">
            <Award className="size-6" />
          </IconMark>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-accent">Programa concluído</p>
            <h2 id="today-heading" className="mt-1 text-xl font-bold tracking-tight text-balance text-ink sm:text-2xl">
              Você concluiu “{program.title}”
            </h2>
            <p className="mt-2 max-w-xl text-[0.95rem] leading-6 text-ink-muted">
              {program.daysCount} dias de prática. Quando quiser, escolha o próximo caminho.
            </p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-3 sm:pl-16">
          <ButtonLink to="/programas" size="md">
            Escolher o próximo programa
            <ChevronRight aria-hidden="true" />
          </ButtonLink>
          <ButtonLink to="/progresso" variant="ghost" size="md">
            Ver meu progresso
          </ButtonLink>
          {streakText ? <StreakMark label={streakText} /> : null}
        </div>
      </LightCard>
    )
  }

  if (day.state === 'done') {
    const next = nextDayLabel(day.day, program.daysCount, nextUnlockAt)
    return (
      <LightCard>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-4">
          <IconMark tone="emerald">
            <CircleCheck className="size-6" />
          </IconMark>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-accent">{program.title}</p>
            <h2 id="today-heading" className="mt-1 text-xl font-bold tracking-tight text-ink sm:text-2xl">
              Dia {day.day} concluído
            </h2>
            <p className="mt-2 text-[0.95rem] leading-6 text-ink-muted">{next ? `${next}. Até lá, leve com você o que ouviu hoje.` : 'Até amanhã.'}</p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 sm:pl-16">
          {streakText ? <StreakMark label={streakText} /> : null}
          <ButtonLink to={`/programas/${program.slug}`} variant="ghost" size="sm" className="-ml-3">
            Ver o caminho
            <ChevronRight aria-hidden="true" />
          </ButtonLink>
        </div>
      </LightCard>
    )
  }

  return (
    <section
      aria-labelledby="today-heading"
      data-testid="today-card"
      className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 p-6 text-white shadow-lifted sm:p-8"
    >
      <div aria-hidden="true" className="absolute -top-24 -right-16 -z-10 size-72 rounded-full bg-brand-400/30 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-28 -left-10 -z-10 size-64 rounded-full bg-gold-300/15 blur-3xl" />
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-brand-200">Prática de hoje</p>
          <h2 id="today-heading" className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
            Dia {day.day} de {program.daysCount}
          </h2>
          <p className="mt-1 text-[0.95rem] leading-6 font-medium text-brand-100">
            {program.title} · {minutesLabel(day.minutes)}
          </p>
        </div>
        <Artwork seed={program.id} cover={program.coverImage} eager sizes="(min-width: 640px) 112px, 64px" className="size-16 shrink-0 rounded-2xl shadow-lifted ring-1 ring-white/20 sm:size-28" />
      </div>
      {day.intention ? (
        <p data-testid="today-intention" className="mt-5 max-w-2xl text-lg leading-7 text-balance text-white/90 sm:text-xl sm:leading-8">
          {day.intention}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-4">
        <ButtonLink to="/hoje" state={TODAY_AUTOSTART_STATE} onClick={unlockPageAudio} variant="accent" size="lg" className="w-full sm:w-auto">
          <Play aria-hidden="true" fill="currentColor" />
          {resume ? 'Continuar de onde parei' : 'Começar a prática de hoje'}
        </ButtonLink>
        {streakText ? <StreakMark label={streakText} onDark /> : null}
      </div>
    </section>
  )
}

function LightCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section
      aria-labelledby="today-heading"
      data-testid="today-card"
      className={cn('rounded-3xl border border-line bg-gradient-to-br from-card via-card to-tint p-5 shadow-soft sm:p-7', className)}
    >
      {children}
    </section>
  )
}
