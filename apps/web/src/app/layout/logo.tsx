import { AudioWaveform } from 'lucide-react'
import { Link } from '../../lib/navigation'
import { cn } from '../../lib/cn'

export function Logo({ productName, className }: { productName: string; className?: string }) {
  return (
    <Link
      to="/"
      className={cn('group inline-flex min-w-0 items-center gap-2.5 rounded-xl py-1 pr-2', className)}
      aria-label={`${productName} — página inicial`}
    >
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-900 text-white shadow-glow transition-transform duration-300 group-hover:scale-105"
      >
        <AudioWaveform className="size-5" strokeWidth={2.25} />
      </span>
      <span className="truncate text-lg font-bold tracking-tight text-accent-strong">{productName}</span>
    </Link>
  )
}
