import type { ReactNode } from 'react'
import { CalendarDays, FileText, Mail } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { PageShell } from '../../../components/ui/page-shell'
import { LEGAL_LAST_UPDATED } from '../lib/contact'

export interface LegalSection {
  /** Anchor id (pt-BR slug), unique in the page. */
  id: string
  title: string
  content: ReactNode
}

export type LegalDocumentKey = 'lgpd' | 'privacy' | 'terms'

const DOCUMENTS: Record<LegalDocumentKey, { href: string; label: string }> = {
  lgpd: { href: '/lgpd', label: 'LGPD: seus direitos' },
  privacy: { href: '/privacy', label: 'Política de Privacidade' },
  terms: { href: '/terms', label: 'Termos de Uso' },
}

export interface LegalDocumentProps {
  current: LegalDocumentKey
  productName: string
  supportEmail: string
  eyebrow: string
  title: string
  intro: ReactNode
  sections: LegalSection[]
}

/**
 * The layout of a legal page: title, last update, table of contents with anchor links, numbered
 * sections, and links to the other legal documents. A readable measure (max-w-3xl) at any width.
 */
export function LegalDocument({ current, productName, supportEmail, eyebrow, title, intro, sections }: LegalDocumentProps) {
  const others = (Object.keys(DOCUMENTS) as LegalDocumentKey[]).filter((key) => key !== current)

  return (
    <PageShell pageTitle={`${title} — ${productName}`} backdropClassName="h-80" contentClassName="px-5">
      <article>
        <header>
          <Badge variant="outline" className="bg-card/80">
            <FileText aria-hidden="true" />
            {eyebrow}
          </Badge>
          <h1 className="mt-4 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-[2.5rem]">{title}</h1>
          <p className="mt-3 flex items-center gap-2 text-sm text-ink-muted">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-accent" />
            <span>
              Última atualização: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
            </span>
          </p>
          <div className="mt-6 text-[1.0625rem] leading-relaxed text-pretty text-ink sm:text-lg [&_p+p]:mt-3">{intro}</div>
        </header>

        <nav aria-labelledby="indice-title" className="mt-10 rounded-2xl border border-line bg-card p-5 shadow-soft sm:p-6">
          <h2 id="indice-title" className="text-sm font-bold tracking-[0.14em] text-accent uppercase">
            Nesta página
          </h2>
          <ol className="mt-4 gap-x-8 sm:columns-2">
            {sections.map((section, index) => (
              <li key={section.id} className="min-w-0 break-inside-avoid py-0.5">
                <a
                  href={`#${section.id}`}
                  className="flex gap-2.5 rounded-lg px-2 py-1.5 text-[0.95rem] leading-snug text-ink transition-colors hover:bg-tint hover:text-accent-strong"
                >
                  <span className="w-5 shrink-0 text-right font-semibold text-accent tabular-nums">{index + 1}.</span>
                  <span>{section.title}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-12 flex flex-col gap-12 sm:gap-14">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2
                id={`${section.id}-title`}
                className="flex gap-3 border-b border-line pb-3 text-xl leading-snug font-bold tracking-tight text-ink sm:text-2xl"
              >
                <span className="shrink-0 text-accent tabular-nums">{index + 1}.</span>
                <span>{section.title}</span>
              </h2>
              <div className="mt-5">{section.content}</div>
            </section>
          ))}
        </div>

        <footer className="mt-16 grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl border border-line bg-card p-5 shadow-soft sm:p-6">
            <p className="font-semibold text-ink">Ficou com alguma dúvida?</p>
            <p className="mt-1.5 text-[0.95rem] leading-relaxed text-ink-muted">
              Fale com a equipe do {productName} e com o nosso encarregado de dados:
            </p>
            <a
              href={`mailto:${supportEmail}`}
              className="mt-3 inline-flex items-center gap-2 rounded-md font-semibold break-all text-accent-strong underline underline-offset-4 hover:text-accent-strong"
            >
              <Mail aria-hidden="true" className="size-4.5 shrink-0" />
              {supportEmail}
            </a>
          </div>
          <nav aria-label="Outros documentos" className="rounded-2xl border border-line bg-card p-5 shadow-soft sm:p-6">
            <p className="font-semibold text-ink">Outros documentos</p>
            <ul className="mt-3 flex flex-col gap-2">
              {others.map((key) => (
                <li key={key}>
                  <Link
                    to={DOCUMENTS[key].href}
                    className="rounded-md text-[0.95rem] font-semibold text-accent-strong underline underline-offset-4 hover:text-accent-strong"
                  >
                    {DOCUMENTS[key].label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </footer>
      </article>
    </PageShell>
  )
}
