import { useState, type CSSProperties } from 'react'
import { Music2 } from 'lucide-react'
import { BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT, NIGHT_TIMER_DEFAULT, SESSION_MAX_PAUSE_S, SESSION_MAX_REPETITIONS, SLEEP_TIMER_MINUTES } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { cn } from '../../../lib/cn'
import type { PreferencesStore } from '../engine/preferences'
import { usePlayerSnapshot } from '../hooks/use-player-snapshot'

export interface AudioSettingsDialogProps {
  open: boolean
  onClose: () => void
  preferences: PreferencesStore
  /** The music's level the admins set (shown while the listener keeps the default). */
  defaultMusicLevel?: number
}

/** 'Configurações de Áudio': stored through the engine's preferences ('audio-preferences'). */
export function AudioSettingsDialog({ open, onClose, preferences, defaultMusicLevel = BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT }: AudioSettingsDialogProps) {
  const prefs = usePlayerSnapshot(preferences)
  // What the listener is typing; the stored value wins again on blur.
  const [repeatDraft, setRepeatDraft] = useState<string | null>(null)
  const repeatValue = repeatDraft ?? String(prefs.repeatCount)
  const [pauseDraft, setPauseDraft] = useState<string | null>(null)
  const pauseValue = pauseDraft ?? String(prefs.pauseBetweenRepeats)
  const musicLevel = prefs.musicVolume ?? defaultMusicLevel

  const onRepeatChange = (raw: string) => {
    setRepeatDraft(raw)
    const trimmed = raw.trim()
    if (!/^\d+$/.test(trimmed)) return // negative, fractional or non-numeric: ignored
    preferences.update({ repeatCount: Number(trimmed) })
  }

  const onPauseChange = (raw: string) => {
    setPauseDraft(raw)
    const trimmed = raw.trim()
    if (!/^\d+$/.test(trimmed)) return // whole seconds only: negative, fractional or non-numeric input is ignored
    preferences.update({ pauseBetweenRepeats: Number(trimmed) })
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Configurações de Áudio"
      description="Ajuste como os áudios tocam. As preferências ficam salvas neste dispositivo."
    >
      <div className="flex flex-col gap-6">
        <div>
          <div className="flex items-center justify-between">
            <label htmlFor="audio-settings-volume" className="text-sm font-semibold text-ink">
              Volume
            </label>
            <span className="text-sm font-semibold text-accent-strong tabular-nums" data-testid="volume-value">
              {prefs.volume}%
            </span>
          </div>
          <input
            id="audio-settings-volume"
            type="range"
            min={0}
            max={100}
            step={1}
            value={prefs.volume}
            onChange={(event) => preferences.update({ volume: Number(event.currentTarget.value) })}
            aria-valuetext={`${prefs.volume}%`}
            className="range-track mt-2"
            style={{ '--progress': `${prefs.volume}%` } as CSSProperties}
          />
        </div>

        <div>
          <label htmlFor="audio-settings-repeat" className="text-sm font-semibold text-ink">
            Repetições
          </label>
          <p id="audio-settings-repeat-hint" className="mt-0.5 text-xs text-ink-muted">
            Quantas vezes o áudio toca em sequência. 0 = infinito.
          </p>
          <div className="mt-2 flex items-center gap-3">
            <input
              id="audio-settings-repeat"
              type="number"
              inputMode="numeric"
              min={0}
              max={SESSION_MAX_REPETITIONS}
              step={1}
              value={repeatValue}
              onChange={(event) => onRepeatChange(event.currentTarget.value)}
              onBlur={() => setRepeatDraft(null)}
              aria-describedby="audio-settings-repeat-hint"
              className="h-11 w-24 rounded-xl border border-line bg-card px-3 text-base text-ink tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            />
            <span data-testid="repeat-display" className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted">
              {prefs.repeatCount === 0 ? (
                <>
                  <span aria-hidden="true" className="text-xl leading-none text-accent-strong">∞</span>
                  <span className="sr-only">Infinito</span>
                </>
              ) : (
                `${prefs.repeatCount} ${prefs.repeatCount === 1 ? 'vez' : 'vezes'}`
              )}
            </span>
          </div>
        </div>

        <div>
          <label htmlFor="audio-settings-pause" className="text-sm font-semibold text-ink">
            Pausa entre repetições (segundos)
          </label>
          <p id="audio-settings-pause-hint" className="mt-0.5 text-xs text-ink-muted">
            Segundos de silêncio antes de o áudio recomeçar. 0 = sem pausa.
          </p>
          <div className="mt-2 flex items-center gap-3">
            <input
              id="audio-settings-pause"
              type="number"
              inputMode="numeric"
              min={0}
              max={SESSION_MAX_PAUSE_S}
              step={1}
              value={pauseValue}
              onChange={(event) => onPauseChange(event.currentTarget.value)}
              onBlur={() => setPauseDraft(null)}
              aria-describedby="audio-settings-pause-hint audio-settings-pause-display"
              className="h-11 w-24 rounded-xl border border-line bg-card px-3 text-base text-ink tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            />
            <span id="audio-settings-pause-display" data-testid="pause-display" className="text-sm font-medium text-ink-muted">
              {pauseLabel(prefs.pauseBetweenRepeats)}
            </span>
          </div>
        </div>

        <Toggle
          label="Reprodução automática"
          hint="Começa a tocar assim que o áudio carregar."
          checked={prefs.autoPlay}
          onChange={(checked) => preferences.update({ autoPlay: checked })}
        />
        <Toggle
          label="Mostrar progresso"
          hint="Exibe a barra de progresso e os tempos."
          checked={prefs.showProgress}
          onChange={(checked) => preferences.update({ showProgress: checked })}
        />

        <div>
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="audio-settings-music" className="text-sm font-semibold text-ink">
              Música de fundo
            </label>
            <span className="text-sm font-semibold text-accent-strong tabular-nums" data-testid="music-volume-value">
              {musicLabel(prefs.musicVolume, defaultMusicLevel)}
            </span>
          </div>
          <p id="audio-settings-music-hint" className="mt-0.5 text-xs text-ink-muted">
            O volume da música sob a voz. 0 = sem música.
          </p>
          <input
            id="audio-settings-music"
            type="range"
            min={0}
            max={100}
            step={5}
            value={musicLevel}
            onChange={(event) => preferences.update({ musicVolume: Number(event.currentTarget.value) })}
            aria-describedby="audio-settings-music-hint"
            aria-valuetext={musicLabel(prefs.musicVolume, defaultMusicLevel)}
            className="range-track mt-2"
            style={{ '--progress': `${musicLevel}%` } as CSSProperties}
          />
          {prefs.musicVolume !== null ? (
            <Button variant="ghost" size="sm" className="mt-1 -ml-3" onClick={() => preferences.update({ musicVolume: null })}>
              Usar o volume padrão
            </Button>
          ) : null}
        </div>

        <div>
          <Toggle
            label="Timer automático à noite"
            hint="Sessões começadas a partir deste horário (até as 5h) já começam com o timer."
            checked={prefs.nightTimer !== null}
            onChange={(checked) => preferences.update({ nightTimer: checked ? NIGHT_TIMER_DEFAULT : null })}
          />
          {prefs.nightTimer ? (
            <div className="mt-3 flex flex-wrap items-end gap-3" data-testid="night-timer">
              <div>
                <label htmlFor="audio-settings-night-from" className="text-xs font-semibold text-ink">
                  A partir das
                </label>
                <input
                  id="audio-settings-night-from"
                  type="time"
                  value={prefs.nightTimer.from}
                  onChange={(event) => preferences.update({ nightTimer: { ...prefs.nightTimer, from: event.currentTarget.value } })}
                  className="mt-1 block h-11 rounded-xl border border-line bg-card px-3 text-base text-ink tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                />
              </div>
              <div>
                <label htmlFor="audio-settings-night-minutes" className="text-xs font-semibold text-ink">
                  Parar depois de
                </label>
                <select
                  id="audio-settings-night-minutes"
                  value={prefs.nightTimer.minutes}
                  onChange={(event) => preferences.update({ nightTimer: { ...prefs.nightTimer, minutes: Number(event.currentTarget.value) } })}
                  className="mt-1 block h-11 rounded-xl border border-line bg-card px-3 text-base text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  {SLEEP_TIMER_MINUTES.map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {minutes} min
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
        </div>

        <p className="flex items-start gap-2 rounded-xl bg-tint p-3 text-sm leading-relaxed text-accent-strong">
          <Music2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          A música de fundo é configurada automaticamente e toca junto com o áudio.
        </p>
      </div>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          size="md"
          onClick={() => {
            preferences.resetPreferences()
            setRepeatDraft(null)
            setPauseDraft(null)
          }}
        >
          Resetar
        </Button>
        <Button variant="primary" size="md" onClick={onClose}>
          Fechar
        </Button>
      </div>
    </ModalDialog>
  )
}

/** '40%', 'Sem música', or 'Padrão (25%)' while the listener keeps the admins' level. */
function musicLabel(level: number | null, defaultLevel: number): string {
  if (level === null) return `Padrão (${defaultLevel}%)`
  return level === 0 ? 'Sem música' : `${level}%`
}

/** 'Sem pausa', '1 segundo', '{n} segundos'. */
function pauseLabel(seconds: number): string {
  if (seconds === 0) return 'Sem pausa'
  const shown = seconds.toLocaleString('pt-BR')
  return seconds === 1 ? '1 segundo' : `${shown} segundos`
}

function Toggle({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p className="text-sm font-semibold text-ink">{label}</p>
        <p className="mt-0.5 text-xs text-ink-muted">{hint}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          checked ? 'bg-brand-700' : 'bg-muted-strong',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('inline-block size-5 rounded-full bg-card shadow transition-transform duration-200', checked ? 'translate-x-6' : 'translate-x-1')}
        />
      </button>
    </div>
  )
}
