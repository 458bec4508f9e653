import { useEffect, useState, type CSSProperties } from 'react'
import { Loader2, Moon, Music2, Pause, Play, RefreshCw, RotateCcw, Settings2, ShieldCheck, Stethoscope, TriangleAlert } from 'lucide-react'
import { toast } from 'sonner'
import { PLAYER_MSG, SLEEP_TIMER_MINUTES, formatDuration } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import type { ListenerPlayer } from '../engine/create-player'
import { isCycleComplete, type PlayerNotice } from '../engine/voice-engine'
import { usePlayerSnapshot } from '../hooks/use-player-snapshot'
import { AudioSettingsDialog } from './audio-settings-dialog'
import { DiagnosticsDialog } from './diagnostics-dialog'

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
  className?: string
  /** After 'Reiniciar' rewound the audio and zeroed the counter (the demo says so in a toast). */
  onReset?: () => void
  /** The sleep timer (minutes, or null: the session's own end); absent hides the control. */
  sleep?: { minutes: number | null; onChange: (minutes: number | null) => void }
}

/** The audio player card (docs/product/listening.md#player-card): the UI of the voice engine, with settings and diagnostics. */
export function PlayerCard({ player, title, className, onReset, sleep }: PlayerCardProps) {
  const voice = usePlayerSnapshot(player.voice)
  const music = usePlayerSnapshot(player.music)
  const prefs = usePlayerSnapshot(player.preferences)
  const [dialog, setDialog] = useState<'settings' | 'diagnostics' | null>(null)

  useEffect(() => player.voice.on('notice', toastNotice), [player])

  const duration = voice.duration > 0 ? voice.duration : (voice.meta?.durationSeconds ?? 0)
  const current = Math.min(voice.currentTime, duration || voice.currentTime)
  const progress = duration > 0 ? Math.min(100, (current / duration) * 100) : 0
  const playing = voice.isPlayingIntent && voice.status !== 'error'
  const isLoading = voice.status === 'loading' || voice.status === 'idle'
  const isAutoplayBlocked = voice.error === PLAYER_MSG.autoplayBlocked
  const isError = voice.status === 'error' || (voice.error !== null && !isAutoplayBlocked)
  const displayTitle = voice.meta?.title ?? title ?? ''
  // In a session the music is part of the stream; otherwise it is the music element's.
  const musicTitle = voice.session ? voice.session.musicTitle : (music.currentMusic?.title ?? null)
  const musicPlaying = voice.session ? playing && voice.status === 'playing' && musicTitle !== null : music.isPlaying

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
      className={cn('rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-7', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold leading-snug tracking-tight text-ink">{displayTitle}</h2>
          <p className="mt-1 text-sm font-medium text-ink-muted" data-testid="repeat-counter" aria-live="polite">
            Repetições: <span className="font-semibold text-accent-strong tabular-nums">{voice.completedRepeats}</span>
            <span aria-hidden="true"> / {voice.repeatTarget === 0 ? '∞' : voice.repeatTarget}</span>
            <span className="sr-only"> de {voice.repeatTarget === 0 ? 'infinitas' : voice.repeatTarget}</span>
          </p>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label="Configurações de Áudio" title="Configurações de Áudio" onClick={() => setDialog('settings')}>
            <Settings2 aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Diagnóstico do áudio" title="Diagnóstico do áudio" onClick={() => setDialog('diagnostics')}>
            <Stethoscope aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="mt-6 flex items-center gap-4 sm:gap-6">
        <button
          type="button"
          onClick={() => void player.voice.toggle()}
          aria-label={playing ? 'Pausar' : 'Reproduzir'}
          className="grid size-18 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-glow transition-transform duration-200 hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 active:scale-95"
        >
          {playing && isLoading ? (
            <Loader2 aria-hidden="true" className="size-8 animate-spin" />
          ) : playing ? (
            <Pause aria-hidden="true" className="size-8" fill="currentColor" />
          ) : (
            <Play aria-hidden="true" className="ml-1 size-8" fill="currentColor" />
          )}
        </button>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-ink" role="status" data-testid="player-status">
            {statusText}
          </p>
          {voice.src.startsWith('blob:') ? (
            // The offline cache hands the engine an object URL: this copy plays without a connection.
            <p className="mt-0.5 text-xs font-medium text-success" data-testid="offline-source">
              Tocando a cópia salva neste dispositivo
            </p>
          ) : null}
          {prefs.showProgress ? (
            <>
              <input
                type="range"
                className="range-track mt-2"
                min={0}
                max={duration > 0 ? duration : 0}
                step={1}
                value={Math.round(current)}
                onChange={(event) => player.voice.seek(Number(event.currentTarget.value))}
                disabled={duration <= 0}
                aria-label="Progresso do áudio"
                aria-valuetext={`${formatDuration(current)} de ${formatDuration(duration)}`}
                style={{ '--progress': `${progress}%` } as CSSProperties}
              />
              <div className="mt-1 flex justify-between text-xs font-medium text-ink-muted tabular-nums">
                <span data-testid="elapsed">
                  <span className="sr-only">Tempo decorrido: </span>
                  {formatDuration(current)}
                </span>
                <span data-testid="total">
                  <span className="sr-only">Duração total: </span>
                  {formatDuration(duration)}
                </span>
              </div>
            </>
          ) : null}
        </div>
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
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
          <label className="flex items-center gap-1.5 text-xs font-medium text-ink-muted">
            <Moon aria-hidden="true" className="size-3.5" />
            <span>Timer</span>
            <select
              className="rounded-lg border border-line bg-card px-2 py-1 text-xs font-semibold text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
              value={sleep.minutes === null ? 'fim' : String(sleep.minutes)}
              onChange={(event) => sleep.onChange(event.currentTarget.value === 'fim' ? null : Number(event.currentTarget.value))}
              data-testid="sleep-timer"
            >
              <option value="fim">Ao fim da sessão</option>
              {SLEEP_TIMER_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} min
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <p
          className={cn('flex items-center gap-1.5 text-xs font-medium', musicPlaying ? 'text-accent-strong' : 'text-ink-muted')}
          data-testid="background-music-status"
          data-playing={musicPlaying || undefined}
        >
          <Music2 aria-hidden="true" className="size-3.5" />
          {musicPlaying && musicTitle ? `Música de fundo: ${musicTitle}` : 'Música de fundo pronta'}
        </p>
      </div>

      {isAutoplayBlocked ? (
        <p role="alert" className="mt-4 rounded-xl bg-tint p-3 text-sm font-medium text-accent-strong">
          {PLAYER_MSG.autoplayBlocked}
        </p>
      ) : null}

      {isError ? (
        <div role="alert" className="mt-4 flex flex-col gap-3 rounded-xl border border-danger-line bg-danger-soft p-4 text-sm text-danger">
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
        <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <span>Tentativa {voice.attempt}…</span>
          <Button variant="outline" size="sm" onClick={() => void player.voice.validateUrl()} disabled={voice.isValidating}>
            <ShieldCheck aria-hidden="true" />
            {PLAYER_MSG.validateAction}
          </Button>
        </div>
      ) : null}

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
