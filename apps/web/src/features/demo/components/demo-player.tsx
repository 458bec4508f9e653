import { useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { Loader2, Pause, Play, RotateCcw, RotateCw, TriangleAlert } from 'lucide-react'
import { toast } from 'sonner'
import { formatDuration } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'

const SKIP_SECONDS = 10

export interface DemoPlayerProps {
  src: string
  /** The catalogue's duration in seconds: the total shown, so it matches the page's duration text. */
  durationSeconds?: number
  /** Called each time the audio plays through to its end. */
  onEnded?: () => void
  /** Extra controls shown beside the skip buttons (e.g. the plays counter). */
  footer?: ReactNode
  className?: string
}

type Status = 'idle' | 'loading' | 'ready' | 'error'

/**
 * A custom-styled player around a real <audio preload="metadata"> element (the demo file is
 * public and streamed with HTTP Range, so seeking works without downloading everything).
 * Give it `key={audio.id}` so a different audio starts with fresh state.
 */
export function DemoPlayer({ src, durationSeconds = 0, onEnded, footer, className }: DemoPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const [status, setStatus] = useState<Status>('idle')
  const [playing, setPlaying] = useState(false)
  const [buffering, setBuffering] = useState(false)
  const [currentTime, setCurrentTime] = useState(0)
  const [mediaDuration, setMediaDuration] = useState(0)

  // The file's own duration drives seeking and progress; the label prefers the catalogue value.
  const duration = mediaDuration > 0 ? mediaDuration : durationSeconds
  const totalLabel = formatDuration(durationSeconds > 0 ? durationSeconds : duration)
  const progress = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0

  const togglePlay = async () => {
    const audio = audioRef.current
    if (!audio) return
    if (!audio.paused) {
      audio.pause()
      return
    }
    if (status === 'error') {
      setStatus('loading')
      audio.load()
    }
    try {
      await audio.play()
    } catch (error) {
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        toast.info('Interação Necessária', { description: 'Clique no botão play para iniciar (política do navegador)' })
      } else if (!(error instanceof DOMException && error.name === 'AbortError')) {
        setStatus('error')
      }
    }
  }

  const seekTo = (seconds: number) => {
    const audio = audioRef.current
    if (!audio || !Number.isFinite(seconds)) return
    const max = duration > 0 ? duration : Number.isFinite(audio.duration) ? audio.duration : 0
    const target = Math.max(0, Math.min(seconds, max))
    audio.currentTime = target
    setCurrentTime(target)
  }

  const retry = () => {
    const audio = audioRef.current
    if (!audio) return
    setStatus('loading')
    audio.load()
  }

  const isError = status === 'error'
  const showSpinner = buffering && playing

  return (
    <div className={cn('rounded-2xl border border-line bg-white p-5 shadow-soft sm:p-6', className)}>
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        data-testid="demo-audio"
        onLoadStart={() => setStatus((s) => (s === 'ready' ? s : 'loading'))}
        onLoadedMetadata={(event) => {
          const value = event.currentTarget.duration
          if (Number.isFinite(value) && value > 0) setMediaDuration(value)
          setStatus('ready')
        }}
        onCanPlay={() => {
          setStatus('ready')
          setBuffering(false)
        }}
        onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPlaying={() => setBuffering(false)}
        onWaiting={() => setBuffering(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false)
          setCurrentTime(0)
          onEnded?.()
        }}
        onError={() => {
          setStatus('error')
          setPlaying(false)
          setBuffering(false)
        }}
      />

      <div className="flex items-center gap-4 sm:gap-5">
        <button
          type="button"
          onClick={() => void togglePlay()}
          aria-label={playing ? 'Pausar' : 'Reproduzir'}
          className="grid size-16 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-glow transition-transform duration-200 hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 active:scale-95"
        >
          {showSpinner ? (
            <Loader2 aria-hidden="true" className="size-7 animate-spin" />
          ) : playing ? (
            <Pause aria-hidden="true" className="size-7" fill="currentColor" />
          ) : (
            <Play aria-hidden="true" className="ml-1 size-7" fill="currentColor" />
          )}
        </button>

        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-ink">
            {isError
              ? 'Áudio indisponível'
              : showSpinner
                ? 'Carregando...'
                : playing
                  ? 'Reproduzindo'
                  : currentTime > 0
                    ? 'Pausado'
                    : 'Pronto para ouvir'}
          </p>
          <input
            type="range"
            className="range-track mt-2"
            min={0}
            max={duration > 0 ? duration : 0}
            step={1}
            value={Math.min(currentTime, duration || 0)}
            onChange={(event) => seekTo(Number(event.currentTarget.value))}
            disabled={duration <= 0}
            aria-label="Progresso do áudio"
            aria-valuetext={`${formatDuration(currentTime)} de ${totalLabel}`}
            style={{ '--progress': `${progress}%` } as CSSProperties}
          />
          <div className="mt-1 flex justify-between text-xs font-medium text-ink-muted tabular-nums">
            <span>
              <span className="sr-only">Tempo decorrido: </span>
              {formatDuration(currentTime)}
            </span>
            <span>
              <span className="sr-only">Duração total: </span>
              {totalLabel}
            </span>
          </div>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-2 gap-y-3 border-t border-line pt-4">
        <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => seekTo((audioRef.current?.currentTime ?? currentTime) - SKIP_SECONDS)}
          aria-label={`Voltar ${SKIP_SECONDS}s`}
          title={`Voltar ${SKIP_SECONDS} segundos`}
          disabled={duration <= 0}
        >
          <RotateCcw aria-hidden="true" />
          {SKIP_SECONDS}s
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => seekTo((audioRef.current?.currentTime ?? currentTime) + SKIP_SECONDS)}
          aria-label={`Avançar ${SKIP_SECONDS}s`}
          title={`Avançar ${SKIP_SECONDS} segundos`}
          disabled={duration <= 0}
        >
          {SKIP_SECONDS}s
          <RotateCw aria-hidden="true" />
        </Button>
        </div>
        {footer ? <div className="flex flex-wrap items-center gap-2">{footer}</div> : null}
      </div>

      {isError ? (
        <div role="alert" className="mt-4 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1">Erro ao carregar o áudio. Verifique sua conexão e tente novamente.</p>
          <Button variant="outline" size="sm" onClick={retry}>
            Tentar novamente
          </Button>
        </div>
      ) : null}
    </div>
  )
}
