import { useEffect, useRef, type ReactNode } from 'react'
import { ArrowLeft, Clock, Headphones, ListMusic, Repeat, SkipForward } from 'lucide-react'
import { toast } from 'sonner'
import { LISTENER_MSG } from '@sintonia/contract'
import { Artwork, audioArtwork } from '../../../components/artwork'
import { artworkImages } from '../../../components/artwork-images'
import { Button, ButtonLink } from '../../../components/ui/button'
import { PageShell } from '../../../components/ui/page-shell'
import { useNightInTheEvening } from '../../../lib/theme'
import { Spinner } from '../../../components/ui/spinner'
import type { ListenerPlayer } from '../engine/create-player'
import { connectMediaSession } from '../engine/media-session'
import { isProgressMilestone } from '../engine/progress'
import type { PlayerQueueItem } from '../engine/session-request'
import type { RepetitionHeard } from '../engine/voice-engine'
import { listeningQueue } from '../hooks/listening-queue'
import { usePlayerSession } from '../hooks/use-player-session'
import { usePlayerSnapshot } from '../hooks/use-player-snapshot'
import { useRepetitionsToday } from '../hooks/use-repetitions-today'
import { PlayerCard } from './player-card'

/** The player's column starts closer to the header than other pages' (its back link comes first). */
const PAGE_SPACING = 'pt-6 sm:pt-10 sm:pb-16'
/** The player page: on phones the stage fills the screen from the very top. */
const PLAYER_SPACING = 'max-md:pt-0 sm:pt-8 sm:pb-16'

export interface PlayerPageProps {
  player: ListenerPlayer
  /** What plays: a field's audios, a playlist's, a day's (each may carry its own count and what was heard). */
  queue: readonly PlayerQueueItem[]
  /** 0-based: the audio the page shows. */
  index: number
  mode: 'field' | 'playlist'
  /**
   * The audios after this one play on in the same stream, with the screen locked too (a playlist, a
   * day). A field plays the chosen audio only; "Próximo" moves on.
   */
  continuous: boolean
  /** The stream reached another audio ('followed'), or the listener chose one ('chosen'): the page shows it. */
  onIndexChange: (index: number, reason: 'followed' | 'chosen') => void
  /** Field title or playlist name. */
  contextTitle: string
  contextDescription: string
  /** 'Ver Lista' → /campo/{fieldId}; 'Ver Playlists' → /dashboard. */
  backTo: string
  productName: string
  /** Extra actions beside the title of the audio shown (e.g. the favourites button). */
  actions?: (item: PlayerQueueItem) => ReactNode
  /** A notice above the player card (e.g. 'not available offline'), composed by the route. */
  notice?: (item: PlayerQueueItem) => ReactNode
  /** The back link's text; defaults to 'Ver Playlists' (playlist) or 'Ver Lista' (field). */
  backLabel?: string
  /** The third stat tile's label; defaults to 'Total na Playlist' or 'Total no Campo'. */
  totalLabel?: string
  /** After each repetition heard (in a day: which audio, and its count so far). */
  onRepetitionHeard?: (heard: RepetitionHeard) => void
  /**
   * "Repetições Hoje" as the page around the player counts it (a day's session: the day's
   * repetitions heard today, as its progress says). Without it: this audio's, from the server.
   */
  repetitionsToday?: number
}

/**
 * The audio player page (docs/product/listening.md#player-page): title, context, navigation, stat
 * tiles and the player card. What plays is one rendered session (docs/product/sessions.md): the
 * page follows the stream from audio to audio, even after a locked screen.
 */
export function PlayerPage(props: PlayerPageProps) {
  const { player, queue, index: pageIndex, mode, continuous, onIndexChange, contextTitle, contextDescription, backTo, productName, actions, notice } = props
  const { backLabel, totalLabel, onRepetitionHeard, repetitionsToday } = props
  const session = usePlayerSession(player, { queue, index: pageIndex, continuous, contextTitle, onIndexChange })
  // In the evening the player opens in night for a listener who allows it (docs/design.md#night).
  useNightInTheEvening()
  const index = Math.min(Math.max(0, session.index), Math.max(0, queue.length - 1))
  const audio = queue[index]
  const today = useRepetitionsToday(audio?.id ?? '')
  const prefs = usePlayerSnapshot(player.preferences)
  const voice = usePlayerSnapshot(player.voice)
  const isPlaylist = mode === 'playlist'
  const hasPrevious = index > 0
  const hasNext = index < queue.length - 1
  const total = queue.length

  // Played by page code (no session), or at the end of a stream that could not hold the whole
  // list: the intention carries over to the next audio, which the page loads when this one is done.
  const streamHoldsTheRest = (player.voice.currentSession?.manifest.itemsLeft ?? 0) === 0
  const continues = continuous && hasNext && (session.mode === 'single' || (session.mode === 'session' && !streamHoldsTheRest))
  // Keep the newest callbacks for engine/media-session handlers registered once.
  const latest = useRef({ goTo: session.goTo, index, onRepetitionHeard, increment: today.increment, continues: false, mode: session.mode })
  useEffect(() => {
    latest.current = { goTo: session.goTo, index, onRepetitionHeard, increment: today.increment, continues, mode: session.mode }
  })

  useEffect(() => {
    player.voice.continueWithNext(continues)
    return () => player.voice.continueWithNext(false)
  }, [player, continues])
  useEffect(
    () =>
      player.voice.on('cycleCompleted', () => {
        const current = latest.current
        if (current.continues && player.voice.getSnapshot().isPlayingIntent) current.goTo(current.index + 1)
      }),
    [player],
  )

  // Each repetition heard: 'Repetições Hoje' +1 (for the audio on screen), a listening record dated
  // when it was heard, and the milestone toast.
  useEffect(
    () =>
      player.voice.on('repetitionHeard', (heard) => {
        latest.current.increment(heard.audioId)
        listeningQueue.record(heard.audioId, 'repetition', heard.at)
        latest.current.onRepetitionHeard?.(heard)
        if (isProgressMilestone(heard.completed)) toast.success(LISTENER_MSG.progressToast, { description: `${heard.completed} repetições concluídas.` })
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

  // Autoplay preference: start once per audio shown when it becomes ready.
  const autoplayed = useRef<string | null>(null)
  const audioId = audio?.id ?? null
  useEffect(() => {
    if (!prefs.autoPlay || voice.status !== 'ready' || !audioId || voice.meta?.id !== audioId || autoplayed.current === audioId) return
    autoplayed.current = audioId
    if (!voice.isPlayingIntent) void player.voice.play()
  }, [prefs.autoPlay, voice.status, voice.meta?.id, voice.isPlayingIntent, audioId, player])

  // Lock-screen controls; previous/next follow Anterior/Próximo (a seek inside the stream). The
  // picture is the cover of the audio the stream is in.
  const queueRef = useRef(queue)
  queueRef.current = queue
  useEffect(
    () =>
      connectMediaSession(player.voice, {
        productName,
        previous: hasPrevious ? () => latest.current.goTo(latest.current.index - 1) : null,
        next: hasNext ? () => latest.current.goTo(latest.current.index + 1) : null,
        artworkFor: (audioId) => {
          const item = queueRef.current.find((entry) => entry.id === audioId)
          return item ? artworkImages(audioArtwork(item)) : []
        },
      }),
    [player, productName, hasPrevious, hasNext],
  )

  if (!audio) return <AudioNotFound />
  const next = queue[index + 1]

  return (
    <PageShell contentClassName={PLAYER_SPACING}>
      <title>{`${audio.title} — ${productName}`}</title>
      <PlayerCard
        player={player}
        title={audio.title}
        titleLevel={1}
        contextTitle={contextTitle}
        artwork={audioArtwork(audio)}
        fullScreenOnPhones
        className="max-md:-mx-4"
        topBar={
          <>
            <ButtonLink to={backTo} variant="ghost" size="sm">
              <ArrowLeft aria-hidden="true" />
              {backLabel ?? (isPlaylist ? 'Ver Playlists' : 'Ver Lista')}
            </ButtonLink>
            <p className="flex items-center gap-2 text-xs font-semibold whitespace-nowrap text-ink-muted">
              <span data-testid="audio-position">
                Áudio {index + 1} de {total}
              </span>
              {audio.duration ? (
                <span className="inline-flex items-center gap-1 tabular-nums max-sm:hidden">
                  <Clock aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">Duração: </span>
                  {audio.duration}
                </span>
              ) : null}
            </p>
            <div className="flex min-w-9 justify-end">{actions?.(audio)}</div>
          </>
        }
        onPrevious={hasPrevious ? () => session.goTo(index - 1) : null}
        onNext={hasNext ? () => session.goTo(index + 1) : null}
        sleep={{ timer: session.sleep, onChange: session.setSleep }}
        transcriptOf={{ id: audio.id, title: audio.title }}
        glance={
          next ? (
            <section aria-labelledby="next-audio-heading" className="flex items-center gap-3 rounded-2xl bg-white/6 p-2.5 text-left ring-1 ring-white/10">
              <Artwork {...audioArtwork(next)} sizes="44px" className="size-11 shrink-0 rounded-xl" />
              <div className="min-w-0 flex-1">
                <h2 id="next-audio-heading" className="font-sans text-[0.7rem] font-semibold tracking-wider text-accent uppercase">
                  Próximo áudio
                </h2>
                <p className="truncate text-sm font-semibold text-ink">{next.title}</p>
              </div>
              <Button variant="ghost" size="sm" onClick={() => session.goTo(index + 1)}>
                <SkipForward aria-hidden="true" />
                <span className="max-sm:sr-only">Reproduzir Próximo</span>
              </Button>
            </section>
          ) : null
        }
      />

      <div className="mt-6">{notice?.(audio)}</div>
      {contextDescription ? <p className="mt-2 max-w-2xl text-[0.98rem] leading-relaxed text-ink-muted">{contextDescription}</p> : null}

      <dl className="mt-6 grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        <StatTile icon={<Repeat aria-hidden="true" className="size-4" />} label="Repetições Hoje" testId="stat-today">
          {repetitionsToday !== undefined ? repetitionsToday : today.isLoading ? <Spinner className="size-5" /> : today.count}
        </StatTile>
        <StatTile icon={<Headphones aria-hidden="true" className="size-4" />} label="Áudio Atual" testId="stat-current">
          {index + 1}
        </StatTile>
        <StatTile icon={<ListMusic aria-hidden="true" className="size-4" />} label={totalLabel ?? (isPlaylist ? 'Total na Playlist' : 'Total no Campo')} testId="stat-total">
          {total}
        </StatTile>
      </dl>
    </PageShell>
  )
}

function StatTile({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-card px-4 py-3 shadow-soft min-[420px]:flex-col min-[420px]:items-start min-[420px]:justify-start">
      <dt className="flex items-center gap-1.5 text-xs font-semibold text-ink-muted">
        <span className="text-accent">{icon}</span>
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
      <div role="alert" className="mx-auto mt-6 flex max-w-lg flex-col items-center rounded-3xl border border-line bg-card p-8 text-center shadow-soft">
        <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-tint-strong text-accent">
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
