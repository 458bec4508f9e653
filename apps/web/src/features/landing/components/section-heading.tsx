import type { ReactNode } from 'react'
import { RichText } from '../../../components/rich-text'
import { cn } from '../../../lib/cn'

export interface SectionHeadingProps {
  id: string
  eyebrow?: string
  title: string
  /** Rich-text subtitle, rendered as plain paragraphs. */
  subtitle?: string
  align?: 'center' | 'left'
  tone?: 'light' | 'dark'
  className?: string
  children?: ReactNode
}

/** A section's eyebrow, h2 title and subtitle. `id` goes on the h2 for aria-labelledby. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = 'center',
  tone = 'light',
  className,
  children,
}: SectionHeadingProps) {
  const dark = tone === 'dark'
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow ? (
        <p
          className={cn(
            'mb-3 text-sm font-semibold tracking-[0.14em] uppercase',
            dark ? 'text-gold-300' : 'text-accent',
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn(
          'text-[1.75rem] leading-tight font-bold tracking-tight text-balance sm:text-4xl',
          dark ? 'text-white' : 'text-ink',
        )}
      >
        {title}
      </h2>
      {subtitle ? (
        <RichText
          text={subtitle}
          className="mt-4"
          paragraphClassName={cn('text-base leading-relaxed text-pretty sm:text-lg', dark ? 'text-brand-100' : 'text-ink-muted')}
        />
      ) : null}
      {children}
    </div>
  )
}
