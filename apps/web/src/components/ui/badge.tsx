import type { HTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

export type BadgeVariant = 'brand' | 'gold' | 'outline' | 'neutral' | 'success' | 'inverse'

const variants: Record<BadgeVariant, string> = {
  brand: 'bg-tint-strong text-accent-strong',
  gold: 'bg-warm-soft text-warm',
  outline: 'border border-line-strong bg-card text-accent-strong',
  neutral: 'bg-muted text-ink-muted',
  success: 'bg-success-soft text-success',
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
