import { useId } from 'react'
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from '../lib/name-rules'

interface PlaylistInfoFieldsProps {
  name: string
  description: string
  onNameChange: (value: string) => void
  onDescriptionChange: (value: string) => void
}

const inputClass =
  'w-full rounded-xl border border-line bg-card px-3.5 py-2.5 text-[0.95rem] text-ink shadow-sm placeholder:text-ink-muted/70 ' +
  'focus-visible:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600'

/** Name (≤ 50) and description (≤ 200) inputs with character counters. */
export function PlaylistInfoFields({ name, description, onNameChange, onDescriptionChange }: PlaylistInfoFieldsProps) {
  const id = useId()
  return (
    <div className="space-y-4">
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-name`} className="text-sm font-semibold text-ink">
            Nome
          </label>
          <span className="text-xs tabular-nums text-ink-muted" aria-live="polite">
            {name.length}/{PLAYLIST_NAME_MAX}
          </span>
        </div>
        <input
          id={`${id}-name`}
          data-autofocus
          value={name}
          maxLength={PLAYLIST_NAME_MAX}
          onChange={(event) => onNameChange(event.target.value)}
          placeholder="Ex.: Manhã positiva"
          className={`mt-1.5 ${inputClass}`}
          autoComplete="off"
        />
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-description`} className="text-sm font-semibold text-ink">
            Descrição <span className="font-normal text-ink-muted">(opcional)</span>
          </label>
          <span className="text-xs tabular-nums text-ink-muted">
            {description.length}/{PLAYLIST_DESCRIPTION_MAX}
          </span>
        </div>
        <textarea
          id={`${id}-description`}
          value={description}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
          rows={3}
          onChange={(event) => onDescriptionChange(event.target.value)}
          placeholder="Para que momento é esta playlist?"
          className={`mt-1.5 resize-none ${inputClass}`}
        />
      </div>
    </div>
  )
}
