import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react'
import { ChevronDown } from 'lucide-react'
import { cn } from '../../../lib/cn'

const control =
  'block w-full rounded-xl border border-line bg-white px-4 text-base text-ink shadow-sm transition-[border-color,box-shadow] duration-200 ' +
  'placeholder:text-slate-500 hover:border-brand-300 focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none ' +
  'aria-invalid:border-red-600 aria-invalid:focus-visible:shadow-[0_0_0_4px_rgb(220_38_38/0.12)] disabled:cursor-not-allowed disabled:bg-slate-50'

export interface FieldProps {
  id: string
  label: string
  /** Shown after the label: '*' for required (explained once above the form) or '(opcional)'. */
  requirement?: 'required' | 'optional'
  hint?: string
  error?: string
  children: ReactNode
  className?: string
}

/** Label, control, hint and error of one form field; ids follow `${id}-hint` / `${id}-error`. */
export function Field({ id, label, requirement, hint, error, children, className }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={id} className="text-[0.95rem] font-semibold text-ink">
        {label}
        {requirement === 'required' ? (
          <span aria-hidden="true" className="ml-0.5 text-brand-700">
            *
          </span>
        ) : null}
        {requirement === 'optional' ? <span className="ml-1.5 text-sm font-normal text-ink-muted">(opcional)</span> : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** aria-describedby for a field's hint or error. */
export function describedBy(id: string, { hint, error }: { hint?: string; error?: string }): string | undefined {
  if (error) return `${id}-error`
  if (hint) return `${id}-hint`
  return undefined
}

export function TextInput({ className, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(control, 'h-12', className)} {...props} />
}

export function SelectInput({
  className,
  children,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <div className="relative">
      <select ref={ref} className={cn(control, 'h-12 cursor-pointer appearance-none pr-11', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-ink-muted" />
    </div>
  )
}
