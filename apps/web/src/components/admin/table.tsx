import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/**
 * Edge shadows that show only while there is more table to that side: the white covers scroll with
 * the content (`local`) and hide the shadows (`scroll`, fixed to the box) at each end.
 */
const SCROLL_SHADOWS = {
  background: [
    'linear-gradient(to right, #fff 40%, rgb(255 255 255 / 0)) left center / 2.5rem 100% no-repeat local',
    'linear-gradient(to left, #fff 40%, rgb(255 255 255 / 0)) right center / 2.5rem 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgb(37 18 99 / 0.2), rgb(37 18 99 / 0)) left center / 0.9rem 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgb(37 18 99 / 0.2), rgb(37 18 99 / 0)) right center / 0.9rem 100% no-repeat scroll',
    '#fff',
  ].join(', '),
}

/**
 * A data table that scrolls sideways on small screens instead of squeezing its columns; a shadow
 * at the edge says there is more to see.
 */
export function DataTable({
  caption,
  children,
  className,
  narrow = false,
  busy = false,
}: {
  caption: string
  children: ReactNode
  className?: string
  narrow?: boolean
  /** Refreshing: the rows shown are about to change (announced to assistive technology). */
  busy?: boolean
}) {
  return (
    <div aria-busy={busy || undefined} style={SCROLL_SHADOWS} className={cn('overflow-x-auto rounded-2xl border border-line shadow-soft', className)}>
      {/* `narrow`: two or three short columns that fit a phone without scrolling. */}
      <table className={cn('w-full border-collapse text-left text-sm', narrow ? 'min-w-0' : 'min-w-[36rem]')}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  )
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('border-b border-line bg-tint/60 px-4 py-3 font-semibold whitespace-nowrap text-ink', className)} {...props} />
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('border-b border-line/70 px-4 py-3 align-top text-ink', className)} {...props} />
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('last:[&>td]:border-b-0', className)} {...props} />
}
