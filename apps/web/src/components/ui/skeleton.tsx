import type { HTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/** A placeholder block while content loads. Decorative: announce loading elsewhere. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-tint-strong/70', className)} {...props} />
}
