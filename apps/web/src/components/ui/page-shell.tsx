import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

const WIDTHS = {
  md: 'max-w-md',
  xl: 'max-w-xl',
  '3xl': 'max-w-3xl',
  '5xl': 'max-w-5xl',
  '6xl': 'max-w-6xl',
} as const

export interface PageShellProps {
  children: ReactNode
  /** The browser tab's title (React moves it into <head>). */
  pageTitle?: string
  /**
   * The light behind the top of the page: 'wash', the brand tint fading into the surface (listener,
   * account and legal pages); 'glow', a taller wash with a violet and a gold light (sign-in and
   * commerce pages).
   */
  backdrop?: 'wash' | 'glow'
  /** The wash's height where a page wants more or less of it (`h-80`, `h-[30rem]`…). */
  backdropClassName?: string
  /** Width of the content column. */
  width?: keyof typeof WIDTHS
  /** The outer box. */
  className?: string
  /** The column, where a page's spacing differs from the default (`pt-10 pb-16`, from 640 px `pt-14 pb-24`). */
  contentClassName?: string
}

/**
 * The frame of a page inside the app chrome: the backdrop light, then one centred column with the
 * page's side and vertical padding. Every page of the app that is not the landing starts here.
 */
export function PageShell({ children, pageTitle, backdrop = 'wash', backdropClassName, width = '3xl', className, contentClassName }: PageShellProps) {
  return (
    <div className={cn('relative isolate', backdrop === 'glow' && 'overflow-hidden', className)}>
      {pageTitle ? <title>{pageTitle}</title> : null}
      {backdrop === 'glow' ? (
        <>
          <div
            aria-hidden="true"
            className={cn('absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-tint via-tint/50 to-surface', backdropClassName)}
          />
          <div aria-hidden="true" className="absolute -top-40 left-1/2 -z-10 size-[30rem] -translate-x-[80%] rounded-full bg-brand-300/30 blur-3xl night:opacity-25" />
          <div aria-hidden="true" className="absolute -top-28 left-1/2 -z-10 size-[22rem] translate-x-[5%] rounded-full bg-gold-200/35 blur-3xl night:opacity-25" />
        </>
      ) : (
        <div aria-hidden="true" className={cn('absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-tint to-surface', backdropClassName)} />
      )}
      <div className={cn('mx-auto w-full px-4 pt-10 pb-16 sm:px-6 sm:pt-14 sm:pb-24', WIDTHS[width], contentClassName)}>{children}</div>
    </div>
  )
}

export interface PageHeadingProps {
  /** The small capitals above the title. */
  eyebrow: string
  title: ReactNode
  description?: ReactNode
}

/** The plain heading of a page: eyebrow, h1 and a line of description (account, downloads). */
export function PageHeading({ eyebrow, title, description }: PageHeadingProps) {
  return (
    <>
      <p className="text-sm font-bold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
      {description ? <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-muted">{description}</p> : null}
    </>
  )
}
