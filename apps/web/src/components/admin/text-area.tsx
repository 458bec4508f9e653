import type { Ref, TextareaHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/** A multi-line input styled like the UI kit's text inputs. */
export function TextArea({ className, ref, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      ref={ref}
      className={cn(
        'block min-h-24 w-full rounded-xl border border-line bg-card px-4 py-3 text-base text-ink shadow-sm transition-[border-color,box-shadow] duration-200',
        'placeholder:text-ink-muted hover:border-line-strong focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none',
        'aria-invalid:border-red-600 disabled:cursor-not-allowed disabled:bg-muted',
        className,
      )}
      {...props}
    />
  )
}
