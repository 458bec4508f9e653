import { useEffect, useState, type CSSProperties, type ReactNode } from 'react'
import { Loader2, Moon, Music2, Pause, Play, RefreshCw, RotateCcw, Settings2, ShieldCheck, SkipBack, SkipForward, Stethoscope, TriangleAlert } from 'lucide-react'
import { toast } from 'sonner'
import { PLAYER_MSG, SLEEP_TIMER_MINUTES, SLEEP_TIMER_REPETITIONS, formatDuration, parseSleepTimerValue, sleepTimerLabel, sleepTimerValue, type SleepTimer } from '@sintonia/contract'
import { Artwork, type ArtworkSource } from '../../../components/artwork'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import type { ListenerPlayer } from '../engine/create-player'
import { shownPosition } from '../engine/shown-position'
import { isCycleComplete, wantsSound, type PlayerNotice } from '../engine/voice-engine'
import { usePlayerSnapshot } from '../hooks/use-player-snapshot'
import { AudioSettingsDialog } from './audio-settings-dialog'
import { DiagnosticsDialog } from './diagnostics-dialog'
import { TranscriptButton, type TranscriptAudio } from './transcript'

/** Sends an engine notice to sonner (title + description + action). */
export function toastNotice(notice: PlayerNotice): void {
  const options = {
    ...(notice.description ? { description: notice.description } : {}),
    ...(notice.action ? { action: { label: notice.action.label, onClick: notice.action.run } } : {}),
  }
  toast[notice.tone](notice.title, options)
}

export interface PlayerCardProps {
  player: ListenerPlayer
  /** Shown until the engine has the source's own title. */
  title?: string
  /** The title's heading level: 1 where the player is the page (the player page), 2 inside one (the demo). */
  titleLevel?: 1 | 2
  /** The field, playlist or programme the audio belongs to, above the title. */
  contextTitle?: string
  /** The cover of what plays: an uploaded image or the artwork drawn from the seed (docs/design.md#artwork). */
  artwork?: ArtworkSource
  /** The row above the cover: the way back and the page's actions for this audio. */
  topBar?: ReactNode
  /** Below 768 px the stage fills the screen (the app's bars are hidden on the player's routes). */
  fullScreenOnPhones?: boolean
  /** Previous and next audio of the list, when there are any. */
  onPrevious?: (() => void) | null
  onNext?: (() => void) | null
  /** What plays next and today's progress, at a glance under the controls. */
  glance?: ReactNode
  className?: string
  /** After 'Reiniciar' rewound the audio and zeroed the counter (the demo says so in a toast). */
  onReset?: () => void
  /** The sleep timer (minutes or repetitions, or null: the session's own end); absent hides the control. */
  sleep?: { timer: SleepTimer | null; onChange: (timer: SleepTimer | null) => void }
  /** The audio on screen, whose transcript "Transcrição" opens when it has one (docs/product/listening.md#transcript). */
  transcriptOf?: TranscriptAudio
}

/**
 * The player (docs/product/listening.md#player-card, docs/design.md#player): a stage that is always
 * a room at night — the cover over a slow breathing light, the title, large controls with the
 * repetitions as a ring around the play button — with settings and diagnostics.
 */
export function PlayerCard(props: PlayerCardProps) {
  const { player, title, titleLevel = 2, contextTitle, artwork, topBar, fullScreenOnPhones = false, onPrevious, onNext, glance, className, onReset, sleep, transcriptOf } = props
  const voice = usePlayerSnapshot(player.voice)
  const music = usePlayerSnapshot(player.music)
  const prefs = usePlayerSnapshot(player.preferences)
  const [dialog, setDialog] = useState<'settings' | 'diagnostics' | null>(null)

  useEffect(() => player.voice.on('notice', toastNotice), [player])
  useImmersivePage(fullScreenOnPhones)

  // "Sem parar" shows the audio's own length and its repetition, not the hour-long stream's.
  const shown = shownPosition(voice.currentTime, voice.duration > 0 ? voice.duration : (voice.meta?.durationSeconds ?? 0), voice.session ? player.voice.currentSession?.manifest : null)
  const duration = shown.duration
  const current = Math.min(shown.current, duration || shown.current)
  const progress = duration > 0 ? Math.min(100, (current / duration) * 100) : 0
  const playing = wantsSound(voice)
  // A failed load about to be retried is loading again, not ready to play.
  const isLoading = voice.status === 'loading' || voice.status === 'idle' || (voice.status === 'error' && voice.retrying)
  const isAutoplayBlocked = voice.error === PLAYER_MSG.autoplayBlocked
  const isError = voice.status === 'error' || (voice.error !== null && !isAutoplayBlocked)
  const displayTitle = voice.meta?.title ?? title ?? ''
  // In a session the music is part of the stream; otherwise it is the music element's.
  const musicTitle = voice.session ? voice.session.musicTitle : (music.currentMusic?.title ?? null)
  const musicPlaying = voice.session ? playing && voice.status === 'playing' && musicTitle !== null : music.isPlaying
  const breathing = playing && voice.status === 'playing'
  const Title = titleLevel === 1 ? 'h1' : 'h2'

  const statusText = voice.isValidating
    ? PLAYER_MSG.validating
    : isLoading
      ? 'Carregando áudio...'
      : voice.status === 'transitioning' || (voice.session?.inPause && playing)
        ? 'Preparando a próxima repetição...'
        : playing
          ? 'Reproduzindo'
          : isCycleComplete(voice)
            ? 'Concluído'
            : current > 0
              ? 'Pausado'
              : 'Pronto para ouvir'

  return (
    <section
      aria-label="Player de áudio"
      // The rendered session on the element, when there is one (docs/product/sessions.md).
      data-session={voice.session?.key}
      data-testid="player-stage"
      // Always night inside: the semantic colours take their night values here (docs/design.md#player).
      data-theme="night"
      className={cn(
        'relative isolate overflow-hidden rounded-4xl bg-surface text-ink shadow-lifted',
        fullScreenOnPhones && 'max-md:flex max-md:min-h-[min(100dvh,60rem)] max-md:flex-col max-md:rounded-none max-md:shadow-none',
        className,
      )}
    >
      {artwork ? (
        // The cover, blurred into the whole stage: the room takes the colour of what plays.
        <Artwork {...artwork} sizes="240px" className="absolute inset-0 -z-20 scale-125 opacity-55 blur-3xl saturate-150" />
      ) : null}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-surface/35 via-surface/70 to-surface" />

      {topBar ? <div className="flex items-center justify-between gap-2 px-3 pt-[max(0.75rem,env(safe-area-inset-top))] sm:px-5 sm:pt-5">{topBar}</div> : null}

      <div className={cn('flex flex-col items-center px-5 pb-6 text-center sm:px-10 sm:pb-8', topBar ? 'pt-4' : 'pt-8 sm:pt-10', fullScreenOnPhones && 'max-md:flex-1 max-md:justify-center')}>
        {artwork ? (
          <div className="relative grid place-items-center">
            <span
              aria-hidden="true"
              data-testid="breathing-light"
              data-breathing={breathing || undefined}
              className={cn(
                // Its own layer: each breath moves it alone, not the blurred cover behind (cheap on a phone).
                'absolute size-[135%] rounded-full bg-[radial-gradient(circle,rgb(185_168_255/0.45),transparent_65%)] will-change-transform',
                breathing ? 'animate-breathe' : 'scale-90 opacity-60 transition-[transform,opacity] duration-1000',
              )}
            />
            <Artwork
              {...artwork}
              eager
              sizes="(min-width: 640px) 240px, 208px"
              className="size-52 rounded-4xl shadow-[0_24px_60px_-20px_rgb(0_0_0/0.7)] ring-1 ring-white/10 sm:size-60"
            />
          </div>
        ) : null}

        {contextTitle ? <p className={cn('text-sm font-semibold text-accent', artwork ? 'mt-7' : '')}>{contextTitle}</p> : null}
        <Title className={cn('font-display text-2xl leading-tight font-semibold tracking-tight text-balance text-ink sm:text-3xl', contextTitle ? 'mt-1.5' : artwork ? 'mt-7' : '')}>
          {displayTitle}
        </Title>
        <p className="mt-2 text-sm font-medium text-ink-muted" role="status" data-testid="player-status">
          {statusText}
        </p>
        {voice.src.startsWith('blob:') ? (
          // The offline cache hands the engine an object URL: this copy plays without a connection.
          <p className="mt-1 text-xs font-medium text-success" data-testid="offline-source">
            Tocando a cópia salva neste dispositivo
          </p>
        ) : null}

        {prefs.showProgress ? (
          <div className="mt-5 w-full max-w-md">
            <input
              type="range"
              className="range-track on-dark"
              min={0}
              max={duration > 0 ? duration : 0}
              step={1}
              value={Math.round(current)}
              onChange={(event) => player.voice.seek(shown.offset + Number(event.currentTarget.value))}
              disabled={duration <= 0}
              aria-label="Progresso do áudio"
              aria-valuetext={`${formatDuration(current)} de ${formatDuration(duration)}${shown.repetition ? `, repetição ${shown.repetition}` : ''}`}
              style={{ '--progress': `${progress}%` } as CSSProperties}
            />
            <div className="mt-1 flex justify-between text-xs font-medium text-ink-muted tabular-nums">
              <span data-testid="elapsed">
                <span className="sr-only">Tempo decorrido: </span>
                {formatDuration(current)}
              </span>
              <span data-testid="total">
                <span className="sr-only">{shown.repetition ? 'Duração do áudio: ' : 'Duração total: '}</span>
                {formatDuration(duration)}
                {shown.repetition ? ` · repetição ${shown.repetition}` : null}
              </span>
            </div>
          </div>
        ) : null}

        <div className="mt-5 flex items-center justify-center gap-5 sm:gap-8">
          {onPrevious !== undefined ? (
            <StageButton label="Anterior" onClick={onPrevious ?? undefined} disabled={!onPrevious}>
              <SkipBack aria-hidden="true" fill="currentColor" />
            </StageButton>
          ) : null}
          <div className="relative grid size-32 place-items-center">
            <RepetitionRing done={voice.completedRepeats} target={voice.repeatTarget} within={progress / 100} />
            <button
              type="button"
              onClick={() => void player.voice.toggle()}
              aria-label={playing ? 'Pausar' : 'Reproduzir'}
              className="grid size-20 place-items-center rounded-full bg-white text-brand-900 shadow-[0_12px_40px_-10px_rgb(185_168_255/0.8)] transition-transform duration-200 hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white active:scale-95"
            >
              {playing && isLoading ? (
                <Loader2 aria-hidden="true" className="size-8 animate-spin" />
              ) : playing ? (
                <Pause aria-hidden="true" className="size-8" fill="currentColor" />
              ) : (
                <Play aria-hidden="true" className="ml-1 size-8" fill="currentColor" />
              )}
            </button>
          </div>
          {onNext !== undefined ? (
            <StageButton label="Próximo" onClick={onNext ?? undefined} disabled={!onNext}>
              <SkipForward aria-hidden="true" fill="currentColor" />
            </StageButton>
          ) : null}
        </div>
        <p className="mt-1 text-sm font-medium text-ink-muted" data-testid="repeat-counter" aria-live="polite">
          Repetições: <span className="font-semibold text-ink tabular-nums">{voice.completedRepeats}</span>
          <span aria-hidden="true"> / {voice.repeatTarget === 0 ? '∞' : voice.repeatTarget}</span>
          <span className="sr-only"> de {voice.repeatTarget === 0 ? 'infinitas' : voice.repeatTarget}</span>
        </p>

        {glance ? <div className="mt-5 w-full max-w-md">{glance}</div> : null}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-t border-white/10 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              player.voice.reset()
              onReset?.()
            }}
            aria-label="Reiniciar áudio e contador"
          >
            <RotateCcw aria-hidden="true" />
            Reiniciar
          </Button>
          {sleep ? (
            <label className="flex min-w-0 items-center gap-1.5 pl-1 text-xs font-medium text-ink-muted">
              <Moon aria-hidden="true" className="size-3.5 shrink-0" />
              {/* Below 400 px the word gives its room to the menu, which would be cut at the stage's edge; the icon stays. */}
              <span className="max-[399px]:sr-only">Timer</span>
              <select
                className="min-w-0 max-w-full rounded-lg border border-line bg-card px-2 py-1 text-xs font-semibold text-ink focus-visible:outline-2 focus-visible:outline-brand-400"
                value={sleepTimerValue(sleep.timer)}
                onChange={(event) => sleep.onChange(parseSleepTimerValue(event.currentTarget.value))}
                data-testid="sleep-timer"
              >
                <option value="fim">{sleepTimerLabel(null)}</option>
                {SLEEP_TIMER_MINUTES.map((minutes) => (
                  <option key={`min:${minutes}`} value={`min:${minutes}`}>
                    {sleepTimerLabel({ kind: 'minutes', minutes })}
                  </option>
                ))}
                {SLEEP_TIMER_REPETITIONS.map((count) => (
                  <option key={`rep:${count}`} value={`rep:${count}`}>
                    {sleepTimerLabel({ kind: 'repetitions', count })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <div className="flex min-w-0 items-center gap-1">
          <p
            className={cn('flex min-w-0 items-center gap-1.5 pr-1 text-xs font-medium', musicPlaying ? 'text-accent-strong' : 'text-ink-muted')}
            data-testid="background-music-status"
            data-playing={musicPlaying || undefined}
          >
            <Music2 aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{musicPlaying && musicTitle ? `Música de fundo: ${musicTitle}` : 'Música de fundo pronta'}</span>
          </p>
          {transcriptOf ? <TranscriptButton audio={transcriptOf} /> : null}
          <Button variant="ghost" size="icon" aria-label="Configurações de Áudio" title="Configurações de Áudio" onClick={() => setDialog('settings')}>
            <Settings2 aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Diagnóstico do áudio" title="Diagnóstico do áudio" onClick={() => setDialog('diagnostics')}>
            <Stethoscope aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="px-4 sm:px-6 [&:not(:empty)]:pb-5">
      {isAutoplayBlocked ? (
        <p role="alert" className="rounded-xl bg-tint p-3 text-sm font-medium text-accent-strong">
          {PLAYER_MSG.autoplayBlocked}
        </p>
      ) : null}

      {isError ? (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border border-danger-line bg-danger-soft p-4 text-sm text-danger">
          <div className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div>
              <p className="font-medium">{voice.error ?? PLAYER_MSG.mediaUnknown}</p>
              {voice.hint ? <p className="mt-1 text-danger">{voice.hint}</p> : null}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => player.voice.retry()}>
              <RefreshCw aria-hidden="true" />
              {PLAYER_MSG.retryAction}
            </Button>
            {voice.canValidate ? (
              <Button variant="outline" size="sm" onClick={() => void player.voice.validateUrl()} disabled={voice.isValidating}>
                <ShieldCheck aria-hidden="true" />
                {PLAYER_MSG.validateAction}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={() => setDialog('diagnostics')}>
              <Stethoscope aria-hidden="true" />
              Diagnóstico
            </Button>
          </div>
        </div>
      ) : voice.canValidate && voice.status === 'loading' ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <span>Tentativa {voice.attempt}…</span>
          <Button variant="outline" size="sm" onClick={() => void player.voice.validateUrl()} disabled={voice.isValidating}>
            <ShieldCheck aria-hidden="true" />
            {PLAYER_MSG.validateAction}
          </Button>
        </div>
      ) : null}
      </div>

      <AudioSettingsDialog
        open={dialog === 'settings'}
        onClose={() => setDialog(null)}
        preferences={player.preferences}
        // While the listener keeps the default, the session playing tells which level that is.
        {...(prefs.musicVolume === null && player.voice.currentSession?.manifest.music ? { defaultMusicLevel: player.voice.currentSession.manifest.musicLevel } : {})}
      />
      <DiagnosticsDialog open={dialog === 'diagnostics'} onClose={() => setDialog(null)} voice={player.voice} />
    </section>
  )
}

/** While a full-screen player is shown, phones hide the app's bars (styles.css, html[data-immersive]). */
function useImmersivePage(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const root = document.documentElement
    root.dataset.immersive = ''
    return () => {
      delete root.dataset.immersive
    }
  }, [active])
}

function StageButton({ label, onClick, disabled, children }: { label: string; onClick: (() => void) | undefined; disabled: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="grid size-12 place-items-center rounded-full text-ink transition-[background-color,opacity] duration-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-30 [&_svg]:size-6"
    >
      {children}
    </button>
  )
}

/** Up to this many repetitions the ring shows one arc each; more read as one continuous ring. */
const RING_SEGMENTS_MAX = 12

/**
 * The repetitions as a calm ring around the play button: one arc per repetition, the heard ones
 * full, the one playing filling with the audio; "sem parar" (target 0) fills with each repetition.
 */
export function RepetitionRing({ done, target, within }: { done: number; target: number; within: number }) {
  const segments = target > 0 && target <= RING_SEGMENTS_MAX ? target : 1
  const filled = target === 0 ? within : target <= RING_SEGMENTS_MAX ? null : Math.min(1, (done + within) / target)
  const gap = segments > 1 ? Math.min(6, 90 / segments) : 0
  const span = 360 / segments - gap
  return (
    <svg aria-hidden="true" viewBox="0 0 120 120" className="pointer-events-none absolute inset-0 size-full -rotate-90" data-testid="repetition-ring">
      {Array.from({ length: segments }, (_, index) => {
        const amount = filled !== null ? filled : index < done ? 1 : index === done ? Math.max(0, Math.min(1, within)) : 0
        const offset = -(index * (span + gap) + gap / 2)
        return (
          <g key={index}>
            <circle cx="60" cy="60" r="56" fill="none" stroke="rgb(255 255 255 / 0.16)" strokeWidth="4" strokeLinecap="round" pathLength={360} strokeDasharray={`${span} 360`} strokeDashoffset={offset} />
            {amount > 0 ? (
              <circle
                cx="60"
                cy="60"
                r="56"
                fill="none"
                stroke="#d8cfff"
                strokeWidth="4"
                strokeLinecap="round"
                pathLength={360}
                strokeDasharray={`${span * amount} 360`}
                strokeDashoffset={offset}
                data-filled={amount >= 1 || undefined}
                className="transition-[stroke-dasharray] duration-700"
              />
            ) : null}
          </g>
        )
      })}
    </svg>
  )
}
