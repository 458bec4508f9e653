import { TextInput } from '../ui/form'

export interface DateRange {
  from: string
  to: string
}

/** Two date inputs (YYYY-MM-DD, both optional) that filter an admin list or report. */
export function DateRangeFields({ value, onChange, idPrefix }: { value: DateRange; onChange: (next: DateRange) => void; idPrefix: string }) {
  const reversed = Boolean(value.from && value.to && value.from > value.to)
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Período</legend>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${idPrefix}-from`} className="text-sm font-semibold text-ink">
          De
        </label>
        <TextInput id={`${idPrefix}-from`} type="date" className="h-11 w-44" value={value.from} max={value.to || undefined} onChange={(e) => onChange({ ...value, from: e.target.value })} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${idPrefix}-to`} className="text-sm font-semibold text-ink">
          Até
        </label>
        <TextInput
          id={`${idPrefix}-to`}
          type="date"
          className="h-11 w-44"
          value={value.to}
          min={value.from || undefined}
          aria-invalid={reversed || undefined}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
        />
      </div>
      {reversed ? <p className="basis-full text-sm font-medium text-danger">A data inicial deve ser anterior à final</p> : null}
    </fieldset>
  )
}

/** The range as query parameters, leaving out empty ends (and the whole range while reversed). */
export function rangeParams(range: DateRange): Record<string, string> {
  if (range.from && range.to && range.from > range.to) return {}
  return { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) }
}
