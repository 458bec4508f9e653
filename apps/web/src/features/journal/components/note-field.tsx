import { CHECK_IN_LIMITS } from '@sintonia/contract'

/** A check-in's optional note with its count against the limit: the card after a practice and the Diário's edit share it. */
export function NoteField({
  id,
  label,
  value,
  onChange,
  rows,
  disabled,
  placeholder,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  rows: number
  disabled?: boolean
  placeholder?: string
}) {
  return (
    <div className="mt-4">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label} <span className="font-normal text-ink-muted">(opcional)</span>
        </label>
        <span className="text-xs text-ink-muted tabular-nums" aria-hidden="true">
          {value.length}/{CHECK_IN_LIMITS.noteMax}
        </span>
      </div>
      <textarea
        id={id}
        value={value}
        maxLength={CHECK_IN_LIMITS.noteMax}
        rows={rows}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="mt-1.5 block w-full resize-none rounded-xl border border-line bg-card px-4 py-3 text-base text-ink shadow-sm placeholder:text-ink-muted hover:border-line-strong focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none"
      />
    </div>
  )
}
