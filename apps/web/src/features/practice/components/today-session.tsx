import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { ArrowLeft, CalendarDays, Check, CloudOff, Sprout } from 'lucide-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { SessionResume, Today } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { practiceKeys } from '../keys'
import { programQueryOptions, todayQueryOptions } from '../api/practice-api'
import { useOnline } from '../hooks/use-online'
import { allHeard, sessionOutcome, sessionPlan, withRepetition, type SessionOutcome, type SessionPlan } from '../lib/session'
import { IconMark, LoadError } from './bits'
import { DayCelebration, ProgramCelebration } from './celebration'

/** How often the server is asked whether the day played here was counted, and for how long. */
export const COMPLETION_POLL_MS = 2_000
export const COMPLETION_POLL_MAX_MS = 120_000

/** One audio of the day as the route's player plays it: the day's count and what was heard already. */
export interface SessionQueueItem {
  id: string
  title: string
  url: string
  durationSeconds: number
  duration: string
  fieldId: string
  /** The audio's cover, else the programme's (docs/product/covers.md). */
  coverImage: string | null
  /** The day's count for this audio. */
  repetitions: number
  /** Repetitions already heard (0 for an audio heard in full, which plays again from the start). */
  heard: number
}

/**
 * What the route's player needs to play the day (features/player's PlayerPage in playlist mode):
 * the day's audios as one session from the current one on.
 */
export interface SessionPlayerSlotProps {
  queue: SessionQueueItem[]
  /** 0-based: the audio shown. */
  index: number
  /** The player reached another audio, or the listener chose one. */
  onIndexChange: (index: number) => void
  /** A repetition heard (of the audio at `index` of the day; `completed` counts all its repetitions so far). */
  onRepetitionHeard: (heard: { index: number; completed: number }) => void
  /** 'Dia 5 de 21 · Programa' */
  contextTitle: string
  intention: string
  /** The day's audios and how far each went, shown above the player card. */
  steps: ReactNode
  /**
   * The day's repetitions heard today — the count the steps show ("1 de 7 repetições"), for the
   * player's "Repetições Hoje", so the page tells one number, not the current audio's alone.
   */
  repetitionsToday: number
}

/** The day practised, for what the route shows before and after it (the Diário's check-in). */
export interface SessionPractice {
  programId: string
  day: number
  /** 'Dia 5 de 21 · Programa' */
  title: string
}

export interface TodaySessionProps {
  productName: string
  renderPlayer: (props: SessionPlayerSlotProps) => ReactNode
  /** Before anything was heard: an optional word before the practice ("Como você está antes?"). */
  renderBeforePractice?: (practice: SessionPractice) => ReactNode
  /** Under the celebration once the day is done: the check-in after the practice. */
  renderAfterPractice?: (practice: SessionPractice) => ReactNode
}

interface ActiveSession {
  programId: string
  slug: string
  programTitle: string
  programCover: string | null
  daysCount: number
  day: number
  intention: string
  plan: SessionPlan
}

function startSession(today: Today): ActiveSession | null {
  const { program, day } = today
  if (!program || !day || (day.state !== 'today' && day.state !== 'open') || day.items.length === 0) return null
  if (program.enrolment?.status === 'completed') return null
  const resume: SessionResume | null = today.resume
  return {
    programId: program.id,
    slug: program.slug,
    programTitle: program.title,
    programCover: program.coverImage,
    daysCount: program.daysCount,
    day: day.day,
    intention: day.intention,
    plan: sessionPlan(day, resume),
  }
}

/**
 * /hoje: today's session (docs/product/practice.md#days-and-today). The day's audios play in order
 * in the route's player, each with the day's count, from where the server says the listener left
 * it. Once every audio heard its count, the server is asked until it has counted the day, then a
 * short, calm celebration; the day already done shows it without ceremony.
 */
export function TodaySession({ productName, renderPlayer, renderBeforePractice, renderAfterPractice }: TodaySessionProps) {
  const query = useQuery(todayQueryOptions())
  const [session, setSession] = useState<ActiveSession | null>(null)
  // The session is fixed when it starts: later answers (the realtime refresh, the checks below) do not move the player.
  useEffect(() => {
    if (!session && query.data) {
      const started = startSession(query.data)
      if (started) setSession(started)
    }
  }, [session, query.data])

  if (session)
    return <SessionView session={session} productName={productName} renderPlayer={renderPlayer} renderBeforePractice={renderBeforePractice} renderAfterPractice={renderAfterPractice} />

  return (
    <PageShell pageTitle={`Prática de hoje — ${productName}`} contentClassName="pt-6 sm:pt-10 sm:pb-20">
      <BackToStart />
      {query.isPending ? (
        <div role="status" className="mt-6 space-y-4">
          <span className="sr-only">Carregando sua prática de hoje...</span>
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-72 rounded-3xl" />
        </div>
      ) : query.isError && !query.data ? (
        <LoadError className="mt-6" title="Sua prática de hoje não carregou." error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <TodayAtRest today={query.data} />
      ) : null}
    </PageShell>
  )
}

/** /hoje when there is nothing to play: no programme, the day already done, the programme completed. */
function TodayAtRest({ today }: { today: Today }) {
  const { program, day } = today
  // Tomorrow's intention, for a day already done.
  const detail = useQuery({ ...programQueryOptions(program?.slug ?? ''), enabled: !!program && day?.state === 'done' })
  if (!program) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-3xl border border-line bg-card p-8 text-center shadow-soft">
        <IconMark tone="emerald">
          <Sprout className="size-6" />
        </IconMark>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink">Nenhum programa por enquanto</h1>
        <p className="mt-2 max-w-md text-ink-muted">Escolha um programa e a prática de cada dia aparece aqui.</p>
        <ButtonLink to="/programas" size="md" className="mt-6">
          Conhecer os programas
        </ButtonLink>
      </div>
    )
  }
  if (program.enrolment?.status === 'completed' || !day) return <ProgramCelebration slug={program.slug} programTitle={program.title} streak={today.streak} animate={false} />
  // A day not open yet (the zone moved west after enrolling) is not a day done: no celebration.
  if (day.state === 'locked') {
    return (
      <div data-testid="day-waiting" className="mt-6 flex flex-col items-center rounded-3xl border border-line bg-card p-8 text-center shadow-soft">
        <IconMark>
          <CalendarDays className="size-6" />
        </IconMark>
        <p className="mt-4 text-sm font-semibold text-accent">{program.title}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink">Dia {day.day} abre amanhã</h1>
        <p className="mt-2 max-w-md text-ink-muted">Ele abre à meia-noite no seu fuso horário. Até lá, os campos do início têm áudios para ouvir quando quiser.</p>
        <ButtonLink to="/dashboard" size="md" className="mt-6">
          Até amanhã
        </ButtonLink>
      </div>
    )
  }
  return (
    <DayCelebration
      day={day.day}
      daysCount={program.daysCount}
      programTitle={program.title}
      slug={program.slug}
      nextUnlockAt={today.nextUnlockAt}
      streak={today.streak}
      animate={false}
      days={detail.data?.days}
    />
  )
}

interface SessionViewProps extends Pick<TodaySessionProps, 'renderPlayer' | 'renderBeforePractice' | 'renderAfterPractice'> {
  session: ActiveSession
  productName: string
}

function SessionView({ session, productName, renderPlayer, renderBeforePractice, renderAfterPractice }: SessionViewProps) {
  const { plan, programCover } = session
  const practice: SessionPractice = { programId: session.programId, day: session.day, title: `Dia ${session.day} de ${session.daysCount} · ${session.programTitle}` }
  const queryClient = useQueryClient()
  const online = useOnline()
  const [index, setIndex] = useState(plan.startIndex)
  const [heard, setHeard] = useState(plan.heard)
  const [awaiting, setAwaiting] = useState(false)
  const [pollExpired, setPollExpired] = useState(false)

  const polling = awaiting && !pollExpired
  const detailQuery = useQuery({ ...programQueryOptions(session.slug), enabled: awaiting, refetchInterval: polling ? COMPLETION_POLL_MS : false })
  const todayQuery = useQuery({ ...todayQueryOptions(), refetchInterval: polling ? COMPLETION_POLL_MS : false })
  const outcome: SessionOutcome = awaiting ? sessionOutcome(detailQuery.data, session.day) : 'pending'

  useEffect(() => {
    if (!polling || outcome !== 'pending') return
    const timer = setTimeout(() => setPollExpired(true), COMPLETION_POLL_MAX_MS)
    return () => clearTimeout(timer)
  }, [polling, outcome])

  // The day counted: today is read once more, so the moment shows the streak with this day in it.
  const counted = outcome !== 'pending'
  const refetchToday = todayQuery.refetch
  useEffect(() => {
    if (counted) void refetchToday()
  }, [counted, refetchToday])

  const step = plan.steps[index]
  const go = useCallback((target: number) => {
    setIndex((current) => (target === current ? current : target))
  }, [])
  const onRepetitionHeard = useCallback((event: { index: number; completed: number }) => setHeard((current) => withRepetition(current, event.index, event.completed)), [])
  // An audio heard in full plays again from its start when chosen; the others from where they were left.
  const queue = useMemo(
    () =>
      plan.steps.map((s, i): SessionQueueItem => {
        const already = heard[i] ?? 0
        return {
          id: s.audio.id,
          title: s.audio.title,
          url: s.audio.url,
          durationSeconds: s.audio.durationSeconds,
          duration: s.audio.duration,
          fieldId: s.audio.fieldId,
          coverImage: s.audio.coverImage ?? programCover,
          repetitions: s.repetitions,
          heard: already < s.repetitions ? already : 0,
        }
      }),
    [plan.steps, heard, programCover],
  )
  // Every audio heard its count: ask the server until it counted the day (the listening events
  // may still be on their way, or waiting for the connection to come back).
  const everythingHeard = allHeard(plan, heard)
  useEffect(() => {
    if (!everythingHeard || awaiting) return
    setAwaiting(true)
    setPollExpired(false)
    void queryClient.invalidateQueries({ queryKey: practiceKeys.program(session.slug) })
  }, [everythingHeard, awaiting, queryClient, session.slug])

  const heardTotal = useMemo(() => heard.reduce((sum, n, i) => sum + Math.min(n, plan.steps[i]?.repetitions ?? 0), 0), [heard, plan.steps])
  const repetitionsTotal = plan.steps.reduce((sum, s) => sum + s.repetitions, 0)

  if (outcome !== 'pending') {
    const today = todayQuery.data
    return (
      <PageShell pageTitle={`Dia ${session.day} concluído — ${productName}`} contentClassName="pt-6 sm:pt-10 sm:pb-20">
        <BackToStart />
        {outcome === 'program' ? (
          <ProgramCelebration slug={session.slug} programTitle={session.programTitle} streak={today?.streak} animate />
        ) : (
          <DayCelebration
            day={session.day}
            daysCount={session.daysCount}
            programTitle={session.programTitle}
            slug={session.slug}
            nextUnlockAt={detailQuery.data?.nextUnlockAt ?? today?.nextUnlockAt ?? null}
            streak={today?.streak}
            animate
            days={detailQuery.data?.days}
            afterPractice={renderAfterPractice?.(practice)}
          />
        )}
        {outcome === 'program' && renderAfterPractice ? <div className="mt-6">{renderAfterPractice(practice)}</div> : null}
      </PageShell>
    )
  }
  if (!step) return null

  const steps = (
    <section aria-label="Áudios do dia" className="mt-6 rounded-3xl border border-line bg-card p-4 shadow-soft sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-ink">Sua prática de hoje</h2>
        <p className="text-sm text-ink-muted tabular-nums" data-testid="session-progress">
          {heardTotal} de {repetitionsTotal} {repetitionsTotal === 1 ? 'repetição' : 'repetições'}
        </p>
      </div>
      <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-tint-strong">
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${repetitionsTotal ? (heardTotal / repetitionsTotal) * 100 : 0}%` }} />
      </div>
      <ol className="mt-3 space-y-1">
        {plan.steps.map((s, i) => {
          const count = Math.min(heard[i] ?? 0, s.repetitions)
          const done = count >= s.repetitions
          const current = i === index
          return (
            <li key={`${s.audio.id}-${i}`}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-current={current ? 'true' : undefined}
                data-testid="session-step"
                className={cn(
                  'flex w-full items-center gap-3 rounded-2xl px-2.5 py-2 text-left transition-colors hover:bg-tint focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  current && 'bg-tint',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'grid size-8 shrink-0 place-items-center rounded-full text-xs font-bold tabular-nums',
                    done ? 'bg-emerald-600 text-white' : current ? 'bg-brand-700 text-white' : 'bg-tint-strong text-accent-strong',
                  )}
                >
                  {done ? <Check className="size-4" strokeWidth={2.5} /> : i + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-ink">{s.audio.title}</span>
                  <span className="block text-xs text-ink-muted tabular-nums">
                    {count} de {s.repetitions} {s.repetitions === 1 ? 'repetição' : 'repetições'}
                    {current ? ' · ouvindo agora' : ''}
                  </span>
                </span>
              </button>
            </li>
          )
        })}
      </ol>
      {renderBeforePractice && heardTotal === 0 ? <div className="mt-3">{renderBeforePractice(practice)}</div> : null}
      {awaiting ? (
        <p role="status" className="mt-3 flex items-start gap-2 rounded-2xl bg-tint px-3 py-2.5 text-sm text-accent-strong">
          {online ? null : <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
          {!online
            ? 'Você está sem conexão. Sua prática ficou guardada neste aparelho e será contada assim que a conexão voltar.'
            : pollExpired
              ? 'Sua prática foi registrada. A confirmação está demorando um pouco.'
              : 'Tudo ouvido. Registrando o seu dia...'}
          {online && pollExpired ? (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto -my-1"
              onClick={() => {
                setPollExpired(false)
                void detailQuery.refetch()
              }}
            >
              Verificar agora
            </Button>
          ) : null}
        </p>
      ) : null}
    </section>
  )

  return renderPlayer({
    queue,
    index,
    onIndexChange: go,
    onRepetitionHeard,
    contextTitle: practice.title,
    intention: session.intention,
    steps,
    repetitionsToday: heardTotal,
  })
}

function BackToStart() {
  return (
    <ButtonLink to="/dashboard" variant="ghost" size="sm" className="-ml-3">
      <ArrowLeft aria-hidden="true" />
      Voltar ao início
    </ButtonLink>
  )
}
