import type { AnchorHTMLAttributes, HTMLAttributes, ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '../../../lib/cn'

/** Typography for the legal texts: comfortable measure, generous line height, clear hierarchy. */
export function P({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('mt-4 text-base leading-[1.75] text-pretty text-ink-muted first:mt-0 sm:text-[1.0625rem]', className)} {...props} />
}

export function H3({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h3 className={cn('mt-8 text-lg font-semibold tracking-tight text-ink first:mt-0', className)} {...props} />
}

export function UL({ className, ...props }: HTMLAttributes<HTMLUListElement>) {
  return (
    <ul
      className={cn(
        'mt-4 flex list-none flex-col gap-2.5 pl-0 text-base leading-[1.7] text-ink-muted sm:text-[1.0625rem]',
        '[&>li]:relative [&>li]:pl-6 [&>li]:before:absolute [&>li]:before:top-[0.7em] [&>li]:before:left-1 [&>li]:before:size-1.5 [&>li]:before:rounded-full [&>li]:before:bg-brand-500',
        className,
      )}
      {...props}
    />
  )
}

export function OL({ className, ...props }: HTMLAttributes<HTMLOListElement>) {
  return (
    <ol
      className={cn(
        'mt-4 flex list-decimal flex-col gap-2.5 pl-6 text-base leading-[1.7] text-ink-muted marker:font-semibold marker:text-accent sm:text-[1.0625rem]',
        className,
      )}
      {...props}
    />
  )
}

/** Emphasis inside legal text (the term being defined, a right's name). */
export function B({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-ink">{children}</strong>
}

const linkClass = 'rounded-sm font-semibold text-accent-strong underline decoration-accent underline-offset-4 hover:text-accent-strong hover:decoration-accent'

/** An internal link (router) or an external one (new tab, announced to screen readers). */
export function A({ href, children, className, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={cn(linkClass, className)} {...props}>
        {children}
      </Link>
    )
  }
  const external = /^https?:/.test(href)
  return (
    <a
      href={href}
      className={cn(linkClass, 'break-words', className)}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...props}
    >
      {children}
      {external ? <span className="sr-only"> (abre em nova aba)</span> : null}
    </a>
  )
}

/** A highlighted note (summary, important warning). */
export function Callout({
  title,
  tone = 'brand',
  children,
  className,
}: {
  title?: string
  tone?: 'brand' | 'gold'
  children: ReactNode
  className?: string
}) {
  return (
    <div
      className={cn(
        'mt-6 rounded-2xl border p-5 sm:p-6',
        tone === 'gold' ? 'border-warm-line bg-warm-soft' : 'border-line-strong bg-tint/70',
        className,
      )}
    >
      {title ? <p className={cn('font-semibold', tone === 'gold' ? 'text-warm' : 'text-accent-strong')}>{title}</p> : null}
      <div className={cn('text-base leading-[1.7] text-ink sm:text-[1.0625rem] [&_p]:text-ink', title && 'mt-2')}>{children}</div>
    </div>
  )
}
