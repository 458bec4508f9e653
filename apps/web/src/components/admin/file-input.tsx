import type { InputHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/** A file chooser styled for the admin forms (dashed drop area, brand button). */
export function FileInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input
      type="file"
      className={cn(
        'block w-full rounded-xl border border-dashed border-line-strong bg-tint/50 p-3 text-sm text-ink',
        'file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white',
        className,
      )}
      {...props}
    />
  )
}
