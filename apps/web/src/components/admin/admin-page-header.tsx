import type { ReactNode } from 'react'

export interface AdminPageHeaderProps {
  title: string
  description?: ReactNode
  /** Buttons at the right (below the title on small screens). */
  actions?: ReactNode
}

/**
 * The heading of every admin page (one h1, a short description, page actions), so the admin
 * pages read alike. Also sets the document title.
 */
export function AdminPageHeader({ title, description, actions }: AdminPageHeaderProps) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} — Administração`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1.5 max-w-2xl text-ink-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  )
}
