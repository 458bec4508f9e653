import type { HTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

export type BadgeVariant = 'brand' | 'gold' | 'outline' | 'neutral' | 'success' | 'inverse'

const variants: Record<BadgeVariant, string> = {
  brand: 'bg-brand-100 text-brand-800',
  gold: 'bg-gold-100 text-gold-900',
  outline: 'border border-brand-200 bg-white text-brand-800',
  neutral: 'bg-slate-100 text-slate-700',
  success: 'bg-emerald-50 text-emerald-800',
  inverse: 'border border-white/20 bg-white/10 text-white',
}

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant
}

export function Badge({ variant = 'brand', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold leading-none tracking-wide [&_svg]:size-3.5',
        variants[variant],
        className,
      )}
      {...props}
    />
  )
}
