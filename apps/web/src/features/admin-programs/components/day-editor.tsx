import type { ReactNode } from 'react'
import { dayLengthLabel } from '@sintonia/contract'
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react'
import { PROGRAM_LIMITS } from '@sintonia/contract'
import { TextArea } from '../../../components/admin/text-area'
import { Button } from '../../../components/ui/button'
import { SelectInput, TextInput } from '../../../components/ui/form'
import { cn } from '../../../lib/cn'
import type { AudioGroup } from '../lib/audio-options'
import { canAddItem, daySeconds, durationLabel, newItem, type AudioInfo, type DraftDay, type DraftItem } from '../lib/editor'

/**
 * One field of the editor: label (its visible words plus, for screen readers and tests, which day
 * it belongs to), control, and the message under it. Ids follow `${id}-error` as the UI kit's do,
 * and `data-form-field` lets useErrorReveal bring the whole field into view.
 */
export function EditorField({
  id,
  label,
  hiddenLabel,
  error,
  children,
  className,
}: {
  id: string
  label: string
  hiddenLabel?: string
  error?: string | undefined
  children: ReactNode
  className?: string
}) {
  return (
    <div data-form-field="" className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {hiddenLabel ? <span className="sr-only"> {hiddenLabel}</span> : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export interface DayEditorProps {
  day: DraftDay
  index: number
  count: number
  /** Messages by path inside the day: 'intention', 'items', 'items.0.audioId', 'items.0.repetitions'. */
  errors: Record<string, string>
  /** Shown once publishing was refused while this day lacks an intention or an audio. */
  incompleteNote: string | null
  groups: AudioGroup[]
  audios: ReadonlyMap<string, AudioInfo>
  onChange: (day: DraftDay) => void
  onMove: (to: number) => void
  onRemove: () => void
  canRemove: boolean
}

/** A day of the programme: its intention, its audios with their repetitions, its minutes (live). */
export function DayEditor({ day, index, count, errors, incompleteNote, groups, audios, onChange, onMove, onRemove, canRemove }: DayEditorProps) {
  const n = index + 1
  const length = dayLengthLabel(daySeconds(day, audios))
  const setItem = (at: number, patch: Partial<DraftItem>) => onChange({ ...day, items: day.items.map((item, i) => (i === at ? { ...item, ...patch } : item)) })
  const intentionId = `day-${day.key}-intention`

  return (
    <section aria-labelledby={`day-${day.key}-title`} data-testid="program-day" className="rounded-2xl border border-line bg-card p-4 shadow-soft sm:p-5">
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={`day-${day.key}-title`} className="text-lg font-bold text-ink">
          Dia {n}
        </h3>
        <span className="rounded-full bg-tint px-2.5 py-1 text-sm font-semibold text-accent-strong tabular-nums" data-testid="day-minutes">
          {length}
        </span>
        <span className="ml-auto flex items-center gap-1">
          <Button id={`day-${day.key}-up`} variant="ghost" size="icon" className="size-9" aria-label={`Mover dia ${n} para cima`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            id={`day-${day.key}-down`}
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={`Mover dia ${n} para baixo`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" className="size-9 text-danger hover:bg-danger-soft" aria-label={`Remover dia ${n}`} disabled={!canRemove} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        </span>
      </header>
      {incompleteNote ? (
        <p className="mt-2 rounded-xl bg-warm-soft px-3 py-2 text-sm font-medium text-warm" data-testid="day-incomplete">
          {incompleteNote}
        </p>
      ) : null}

      <EditorField id={intentionId} label="Intenção" hiddenLabel={`do dia ${n}`} error={errors.intention} className="mt-3">
        <TextArea
          id={intentionId}
          rows={2}
          className="min-h-20"
          maxLength={PROGRAM_LIMITS.intentionMax}
          placeholder="Uma frase para o ouvinte levar consigo neste dia"
          value={day.intention}
          onChange={(e) => onChange({ ...day, intention: e.target.value })}
          aria-invalid={errors.intention ? true : undefined}
          aria-describedby={errors.intention ? `${intentionId}-error` : undefined}
        />
      </EditorField>

      <h4 className="mt-4 text-sm font-semibold text-ink">
        Áudios<span className="sr-only"> do dia {n}</span>
      </h4>
      {day.items.length === 0 ? <p className="mt-1 text-sm text-ink-muted">Nenhum áudio neste dia ainda.</p> : null}
      <ol className="mt-2 flex flex-col gap-3">
        {day.items.map((item, i) => {
          const audioId = `item-${item.key}-audio`
          const repetitionsId = `item-${item.key}-repetitions`
          const audioError = errors[`items.${i}.audioId`]
          const repetitionsError = errors[`items.${i}.repetitions`]
          const audio = audios.get(item.audioId)
          return (
            <li key={item.key} data-testid="day-item" className="rounded-xl border border-line/80 bg-tint/30 p-3">
              <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-2 gap-y-3 md:grid-cols-[minmax(0,1fr)_8rem_auto]">
                <EditorField id={audioId} label={`Áudio ${i + 1}`} hiddenLabel={`do dia ${n}`} error={audioError} className="col-span-2 md:col-span-1">
                  <SelectInput
                    id={audioId}
                    className="h-11 text-[0.95rem]"
                    value={item.audioId}
                    onChange={(e) => setItem(i, { audioId: e.target.value })}
                    aria-invalid={audioError ? true : undefined}
                    aria-describedby={audioError ? `${audioId}-error` : undefined}
                  >
                    <option value="">Escolha um áudio</option>
                    {groups.map((group) => (
                      <optgroup key={group.label} label={group.label}>
                        {group.audios.map((option) => (
                          <option key={option.id} value={option.id}>
                            {option.title} ({durationLabel(option.durationSeconds)})
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </SelectInput>
                </EditorField>
                <EditorField id={repetitionsId} label="Repetições" hiddenLabel={`do áudio ${i + 1} do dia ${n}`} error={repetitionsError}>
                  <TextInput
                    id={repetitionsId}
                    type="number"
                    inputMode="numeric"
                    min={PROGRAM_LIMITS.repetitionsMin}
                    max={PROGRAM_LIMITS.repetitionsMax}
                    className="h-11 w-28"
                    value={item.repetitions}
                    onChange={(e) => setItem(i, { repetitions: e.target.value })}
                    aria-invalid={repetitionsError ? true : undefined}
                    aria-describedby={repetitionsError ? `${repetitionsId}-error` : undefined}
                  />
                </EditorField>
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-6 size-11 text-danger hover:bg-danger-soft"
                  aria-label={`Retirar áudio ${i + 1} do dia ${n}`}
                  onClick={() => onChange({ ...day, items: day.items.filter((_, at) => at !== i) })}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {audio ? (
                <p className="mt-2 text-sm text-ink-muted">
                  {audio.fieldTitle} · <span className="tabular-nums">{durationLabel(audio.durationSeconds)}</span>
                  {Number(item.repetitions) > 1 ? <span className="tabular-nums"> × {item.repetitions}</span> : null}
                </p>
              ) : null}
            </li>
          )
        })}
      </ol>
      {errors.items ? <p className="mt-2 text-sm font-medium text-danger">{errors.items}</p> : null}
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        aria-label={`Adicionar áudio ao dia ${n}`}
        disabled={!canAddItem(day)} onClick={() => {
          const item = newItem()
          onChange({ ...day, items: [...day.items, item] })
          requestAnimationFrame(() => document.getElementById(`item-${item.key}-audio`)?.focus())
        }}
      >
        <Plus aria-hidden="true" />
        Adicionar áudio
      </Button>
      {!canAddItem(day) ? <p className="mt-1 text-sm text-ink-muted">Cada dia pode ter até {PROGRAM_LIMITS.itemsPerDayMax} áudios.</p> : null}
    </section>
  )
}
