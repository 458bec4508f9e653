import { useEffect, useRef, type ReactNode } from 'react'
import { ArrowLeft, ChevronLeft, ChevronRight, Clock, Headphones, ListMusic, Repeat, SkipForward } from 'lucide-react'
import { toast } from 'sonner'
import { LISTENER_MSG } from '@sintonia/contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { PageShell } from '../../../components/ui/page-shell'
import { Spinner } from '../../../components/ui/spinner'
import type { ListenerPlayer } from '../engine/create-player'
import { connectMediaSession } from '../engine/media-session'
import { isProgressMilestone } from '../engine/progress'
import { listeningQueue } from '../hooks/listening-queue'
import { usePlayerSnapshot } from '../hooks/use-player-snapshot'
import { useRepetitionsToday } from '../hooks/use-repetitions-today'
import { PlayerCard } from './player-card'

/** The player's column starts closer to the header than other pages' (its back link comes first). */
const PAGE_SPACING = 'pt-6 sm:pt-10 sm:pb-16'

export interface PlayerPageAudio {
  id: string
  title: string
  url: string
  durationSeconds: number
  /** Text form ('3:25'). */
  duration: string
  /** This audio's own repetition count (a day of a programme), instead of the listener's preference. */
  repeatCount?: number
  /** Repetitions already heard (a session resumed where it was left): the counter starts there. */
  completedRepeats?: number
}

export interface PlayerPageProps {
  player: ListenerPlayer
  audio: PlayerPageAudio
  mode: 'field' | 'playlist'
  /** Field title or playlist name. */
  contextTitle: string
  contextDescription: string
  /** 0-based position of the audio in the field's title order or the playlist. */
  index: number
  total: number
  nextTitle?: string | null
  onPrevious: (() => void) | null
  onNext: (() => void) | null
  /** 'Ver Lista' → /campo/{fieldId}; 'Ver Playlists' → /dashboard. */
  backTo: string
  productName: string
  /** Extra actions beside the title (e.g. the favourites button). */
  actions?: ReactNode
  /** A notice above the player card (e.g. 'not available offline'), composed by the route. */
  notice?: ReactNode
  /** The back link's text; defaults to 'Ver Playlists' (playlist) or 'Ver Lista' (field). */
  backLabel?: string
  /** The third stat tile's label; defaults to 'Total na Playlist' or 'Total no Campo'. */
  totalLabel?: string
  /** After each completed repetition of this audio (n = its repetitions heard so far). */
  onRepeatCompleted?: (completed: number) => void
  /** After this audio's last repetition (its cycle is complete). */
  onCycleCompleted?: () => void
}

/** The audio player page (docs/product/listening.md#player-page): title, context, navigation, stat tiles and the player card. */
export function PlayerPage(props: PlayerPageProps) {
  const { player, audio, mode, contextTitle, contextDescription, index, total, nextTitle, onPrevious, onNext, backTo, productName, actions, notice } = props
  const { backLabel, totalLabel, onRepeatCompleted, onCycleCompleted } = props
  const today = useRepetitionsToday(audio.id)
  const prefs = usePlayerSnapshot(player.preferences)
  const voice = usePlayerSnapshot(player.voice)

  // Keep the newest callbacks for engine/media-session handlers registered once.
  const latest = useRef({ onPrevious, onNext, onRepeatCompleted, onCycleCompleted, increment: today.increment, audioId: audio.id, continues: false })
  useEffect(() => {
    latest.current = {
      onPrevious,
      onNext,
      onRepeatCompleted,
      onCycleCompleted,
      increment: today.increment,
      audioId: audio.id,
      continues: mode === 'playlist' && onNext !== null,
    }
  })

  // Load the audio into the engine (the playing intention carries over to the next audio). An
  // audio of a programme's day brings its own repetition count and, resumed, the ones already heard.
  const { repeatCount, completedRepeats } = audio
  useEffect(() => {
    void player.voice.loadAudio({
      id: audio.id,
      url: audio.url,
      title: audio.title,
      fieldTitle: contextTitle,
      durationSeconds: audio.durationSeconds,
      ...(repeatCount !== undefined ? { repeatCount } : {}),
      ...(completedRepeats !== undefined ? { completedRepeats } : {}),
    })
  }, [player, audio.id, audio.url, audio.title, audio.durationSeconds, contextTitle, repeatCount, completedRepeats])

  // A playlist goes on by itself: each audio plays its repetitions, then the next one starts
  // (docs/product/listening.md#player-page). The engine keeps the playing intention for it.
  const isPlaylist = mode === 'playlist'
  const hasPrevious = onPrevious !== null
  const hasNext = onNext !== null
  const continues = isPlaylist && hasNext
  useEffect(() => {
    player.voice.continueWithNext(continues)
    return () => player.voice.continueWithNext(false)
  }, [player, continues])
  useEffect(
    () =>
      player.voice.on('cycleCompleted', () => {
        latest.current.onCycleCompleted?.()
        if (latest.current.continues && player.voice.getSnapshot().isPlayingIntent) latest.current.onNext?.()
      }),
    [player],
  )

  // Each completed repetition: 'Repetições Hoje' +1, a listening event, and the milestone toast.
  useEffect(
    () =>
      player.voice.on('repeatCompleted', (completed) => {
        const audioId = player.voice.getSnapshot().meta?.id ?? latest.current.audioId
        latest.current.increment(audioId)
        listeningQueue.record(audioId, 'repetition')
        latest.current.onRepeatCompleted?.(completed)
        if (isProgressMilestone(completed)) toast.success(LISTENER_MSG.progressToast, { description: `${completed} repetições concluídas.` })
      }),
    [player],
  )

  // Each play start: the listener's intention rises, or a new audio starts while playing.
  useEffect(() => {
    const initial = player.voice.getSnapshot()
    let armed = initial.isPlayingIntent && initial.status === 'playing'
    let lastId = initial.meta?.id ?? null
    return player.voice.subscribe(() => {
      const snapshot = player.voice.getSnapshot()
      if (!snapshot.isPlayingIntent) {
        armed = false
        return
      }
      if (snapshot.status !== 'playing') return
      const id = snapshot.meta?.id ?? null
      if ((!armed || id !== lastId) && id) listeningQueue.record(id, 'play')
      armed = true
      lastId = id
    })
  }, [player])

  // Autoplay preference: start once per audio when it becomes ready.
  const autoplayed = useRef<string | null>(null)
  useEffect(() => {
    if (!prefs.autoPlay || voice.status !== 'ready' || voice.meta?.id !== audio.id || autoplayed.current === audio.id) return
    autoplayed.current = audio.id
    if (!voice.isPlayingIntent) void player.voice.play()
  }, [prefs.autoPlay, voice.status, voice.meta?.id, voice.isPlayingIntent, audio.id, player])

  // Lock-screen controls; previous/next follow Anterior/Próximo.
  useEffect(
    () =>
      connectMediaSession(player.voice, {
        productName,
        previous: hasPrevious ? () => latest.current.onPrevious?.() : null,
        next: hasNext ? () => latest.current.onNext?.() : null,
      }),
    [player, productName, hasPrevious, hasNext],
  )

  return (
    <PageShell contentClassName={PAGE_SPACING}>
      <title>{`${audio.title} — ${productName}`}</title>
      <ButtonLink to={backTo} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" />
        {backLabel ?? (isPlaylist ? 'Ver Playlists' : 'Ver Lista')}
      </ButtonLink>

      <header className="mt-3">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold text-brand-700">
          <span className="inline-flex items-center gap-1.5">
            {isPlaylist ? <ListMusic aria-hidden="true" className="size-4" /> : <Headphones aria-hidden="true" className="size-4" />}
            {contextTitle}
          </span>
          <span data-testid="audio-position" className="text-ink-muted">
            Áudio {index + 1} de {total}
          </span>
          <span className="inline-flex items-center gap-1 text-ink-muted tabular-nums">
            <Clock aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Duração: </span>
            {audio.duration}
          </span>
        </p>
        <div className="mt-2 flex items-start justify-between gap-3">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-4xl">{audio.title}</h1>
          {actions ? <div className="shrink-0">{actions}</div> : null}
        </div>
        {contextDescription ? <p className="mt-3 max-w-2xl text-[0.98rem] leading-relaxed text-ink-muted">{contextDescription}</p> : null}
      </header>

      {notice}
      <PlayerCard player={player} title={audio.title} className="mt-6" />

      <nav aria-label="Navegação entre áudios" className="mt-4 grid grid-cols-2 gap-3">
        <Button variant="outline" size="md" onClick={() => onPrevious?.()} disabled={!hasPrevious}>
          <ChevronLeft aria-hidden="true" />
          Anterior
        </Button>
        <Button variant="outline" size="md" onClick={() => onNext?.()} disabled={!hasNext}>
          Próximo
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>

      <dl className="mt-6 grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        <StatTile icon={<Repeat aria-hidden="true" className="size-4" />} label="Repetições Hoje" testId="stat-today">
          {today.isLoading ? <Spinner className="size-5" /> : today.count}
        </StatTile>
        <StatTile icon={<Headphones aria-hidden="true" className="size-4" />} label="Áudio Atual" testId="stat-current">
          {index + 1}
        </StatTile>
        <StatTile icon={<ListMusic aria-hidden="true" className="size-4" />} label={totalLabel ?? (isPlaylist ? 'Total na Playlist' : 'Total no Campo')} testId="stat-total">
          {total}
        </StatTile>
      </dl>

      {hasNext && nextTitle ? (
        <section aria-labelledby="next-audio-heading" className="mt-6 flex flex-col gap-4 rounded-3xl border border-line bg-white p-5 shadow-soft sm:flex-row sm:items-center sm:p-6">
          <div className="min-w-0 flex-1">
            <h2 id="next-audio-heading" className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
              Próximo áudio
            </h2>
            <p className="mt-1 truncate font-semibold text-ink">{nextTitle}</p>
          </div>
          <Button variant="secondary" size="md" onClick={() => onNext?.()}>
            <SkipForward aria-hidden="true" />
            Reproduzir Próximo
          </Button>
        </section>
      ) : null}
    </PageShell>
  )
}

function StatTile({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-white px-4 py-3 shadow-soft min-[420px]:flex-col min-[420px]:items-start min-[420px]:justify-start">
      <dt className="flex items-center gap-1.5 text-xs font-semibold text-ink-muted">
        <span className="text-brand-700">{icon}</span>
        {label}
      </dt>
      <dd data-testid={testId} className="text-2xl font-extrabold text-ink tabular-nums">
        {children}
      </dd>
    </div>
  )
}

/** 'Áudio não encontrado' with 'Voltar ao Dashboard'. */
export function AudioNotFound({ message = LISTENER_MSG.audioNotFound }: { message?: string }) {
  return (
    <PageShell contentClassName={PAGE_SPACING}>
      <div role="alert" className="mx-auto mt-6 flex max-w-lg flex-col items-center rounded-3xl border border-line bg-white p-8 text-center shadow-soft">
        <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-brand-100 text-brand-700">
          <Headphones className="size-6" />
        </span>
        <h1 className="mt-4 text-xl font-bold text-ink">{message}</h1>
        <ButtonLink to="/dashboard" variant="primary" size="md" className="mt-6">
          {LISTENER_MSG.backToDashboard}
        </ButtonLink>
      </div>
    </PageShell>
  )
}

/** The player page's loading state. */
export function PlayerPageLoading() {
  return (
    <PageShell contentClassName={PAGE_SPACING}>
      <div role="status" className="flex flex-col items-center gap-3 py-24 text-ink-muted">
        <Spinner label={null} className="size-8" />
        <p className="text-sm font-medium">{LISTENER_MSG.loadingContent}</p>
      </div>
    </PageShell>
  )
}
