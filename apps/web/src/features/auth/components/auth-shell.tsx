import type { ReactNode } from 'react'
import { LockKeyhole } from 'lucide-react'
import { PageShell } from '../../../components/ui/page-shell'

export interface AuthShellProps {
  /** Browser tab title. */
  pageTitle: string
  icon?: ReactNode
  title: ReactNode
  description?: ReactNode
  /** Shown above the card (e.g. the 'one step from subscribing' note). */
  banner?: ReactNode
  children: ReactNode
  /** Under the card: secondary links. */
  footer?: ReactNode
  titleId?: string
  className?: string
}

/**
 * The frame of the account pages (login, password reset, onboarding): the page shell's violet and
 * gold glow, a centred heading and one white card.
 */
export function AuthShell({ pageTitle, icon, title, description, banner, children, footer, titleId = 'auth-title', className }: AuthShellProps) {
  return (
    <PageShell
      pageTitle={pageTitle}
      backdrop="glow"
      backdropClassName="h-[30rem]"
      width="md"
      className={className}
      contentClassName="flex flex-col pb-14 sm:pt-16 sm:pb-20"
    >
      <div className="flex flex-col items-center text-center">
        <span
          aria-hidden="true"
          className="grid size-12 place-items-center rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 text-white shadow-glow [&_svg]:size-6"
        >
          {icon ?? <LockKeyhole />}
        </span>
        <h1 id={titleId} className="mt-5 text-[1.75rem] leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="mt-2.5 text-base leading-relaxed text-pretty text-ink-muted sm:text-lg">{description}</p> : null}
      </div>

      {banner ? <div className="mt-6">{banner}</div> : null}

      <div className="mt-7 rounded-4xl border border-line bg-card p-5 shadow-lifted sm:p-8">{children}</div>

      {footer ? <div className="mt-6 text-center text-[0.95rem] text-ink-muted">{footer}</div> : null}
    </PageShell>
  )
}

/** A text link in the brand colour, used across the account pages. */
export const textLinkClass =
  'font-semibold text-accent underline decoration-accent underline-offset-4 transition-colors hover:text-accent-strong hover:decoration-accent'
