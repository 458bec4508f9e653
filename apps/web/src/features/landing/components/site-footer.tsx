import { AudioWaveform } from 'lucide-react'
import { Link } from '../../../lib/navigation'
import { copyrightLine, DEFAULT_LANDING_CONTENT, DEFAULT_PRODUCT_NAME, isSafeLink } from '@sintonia/contract'
import { useLanding } from '../api/landing-queries'
import { asSection, createText } from '../lib/content'

function FooterLink({ href, fallback, children }: { href: unknown; fallback: string; children: string }) {
  const target = typeof href === 'string' && isSafeLink(href) ? href : fallback
  const className =
    'rounded-md text-sm text-brand-100 underline-offset-4 transition-colors hover:text-white hover:underline focus-visible:outline-white'
  if (target.startsWith('/')) {
    return (
      <Link to={target} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={target} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  )
}

export interface SiteFooterProps {
  /**
   * The free newsletter's invitation ('Quer receber práticas gratuitas por e-mail?'): for visitors
   * and listeners, never for subscribers or admins, who already have everything.
   */
  showNewsletter?: boolean
}

/**
 * Site footer from the landing content: copyright (the current year unless an admin wrote one),
 * LGPD text and the legal links. Falls back to the built-in default content while the landing
 * payload loads or when it failed.
 */
export function SiteFooter({ showNewsletter = true }: SiteFooterProps) {
  const { data } = useLanding()
  const productName = data?.productName ?? DEFAULT_PRODUCT_NAME
  const t = createText(productName)
  const defaults = DEFAULT_LANDING_CONTENT.footer
  const footer = asSection(data?.content.footer ?? defaults)
  const lgpdText = t(footer.lgpdText)

  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto max-w-6xl px-5 py-12 sm:px-6">
        <div className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
          <div className="max-w-xl">
            <p className="flex items-center gap-2.5 text-lg font-bold text-white">
              <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-white/10">
                <AudioWaveform className="size-4.5 text-gold-300" />
              </span>
              {productName}
            </p>
            {lgpdText ? <p className="mt-4 text-sm leading-relaxed text-brand-200">{lgpdText}</p> : null}
            {showNewsletter ? (
              <p className="mt-4 text-sm leading-relaxed text-brand-200">
                Quer receber práticas gratuitas por e-mail?{' '}
                <Link
                  to="/inscricao"
                  className="rounded-md font-semibold text-white underline underline-offset-4 transition-colors hover:text-gold-200 focus-visible:outline-white"
                >
                  Inscreva-se na nossa lista
                </Link>
              </p>
            ) : null}
          </div>
          <nav aria-label="Links legais">
            <ul className="flex flex-col gap-3 md:items-end">
              <li>
                <FooterLink href={footer.lgpdLink} fallback={defaults.lgpdLink}>
                  LGPD
                </FooterLink>
              </li>
              <li>
                <FooterLink href={footer.privacyPolicyLink} fallback={defaults.privacyPolicyLink}>
                  Política de Privacidade
                </FooterLink>
              </li>
              <li>
                <FooterLink href={footer.termsOfServiceLink} fallback={defaults.termsOfServiceLink}>
                  Termos de Uso
                </FooterLink>
              </li>
            </ul>
          </nav>
        </div>
        <p className="mt-10 border-t border-white/10 pt-6 text-sm text-brand-200">
          {copyrightLine(typeof footer.copyright === 'string' && footer.copyright.trim() ? footer.copyright : defaults.copyright, productName)}
        </p>
      </div>
    </footer>
  )
}
