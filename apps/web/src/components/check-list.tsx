import { Check } from 'lucide-react'
import { cn } from '../lib/cn'

export interface CheckListProps {
  items: readonly string[]
  className?: string
  /** Colour of the check marks (brand by default). */
  checkClassName?: string
}

/** A list of short benefits, each after a check mark (plan cards, payment and success pages). */
export function CheckList({ items, className, checkClassName = 'text-accent' }: CheckListProps) {
  return (
    <ul className={cn('space-y-2.5 text-[0.95rem] text-ink', className)}>
      {items.map((item, index) => (
        // Admins write the plans' lists: the same line twice must not confuse React's keys.
        <li key={`${index}:${item}`} className="flex items-start gap-2.5">
          <Check aria-hidden="true" className={cn('mt-0.5 size-4.5 shrink-0', checkClassName)} />
          <span className="min-w-0 [overflow-wrap:anywhere]">{item}</span>
        </li>
      ))}
    </ul>
  )
}
