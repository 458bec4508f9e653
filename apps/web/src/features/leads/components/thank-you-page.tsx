import { useEffect, useRef } from 'react'
import { CircleCheckBig, Home, Mail, MailCheck, PlayCircle, Smartphone, Sparkles, Users } from 'lucide-react'
import { useLocation, useSearchParams } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { scrollToSection } from '../../../lib/scroll'
import { useCelebration } from '../hooks/use-celebration'
import { noTrack, readThankYouData, type TrackEvent } from '../lib/lead-form'
import { buildShareContent, type ShareNetwork } from '../lib/share'
import { ShareButtons } from './share-buttons'

const EXPECTATIONS = [
  'Um e-mail de boas-vindas nos próximos minutos, com um áudio guiado para experimentar.',
  'Práticas curtas de reprogramação mental para aplicar no seu dia a dia.',
  'Conteúdos sobre a área de interesse que você escolheu.',
  'Novidades e condições especiais antes de todo mundo.',
  'Poucas mensagens: só escrevemos quando temos algo útil para você.',
  'Liberdade total: você sai da lista quando quiser, é só pedir.',
] as const

export interface ThankYouPageProps {
  productName: string
  /** The support address for questions and LGPD requests (one constant, passed in by the route). */
  supportEmail: string
  track?: TrackEvent
}

/** `/obrigado`: the thank-you page after a lead sign-up (docs/product/public-pages.md#thank-you-page-obrigado). */
export function ThankYouPage({ productName, supportEmail, track = noTrack }: ThankYouPageProps) {
  const location = useLocation()
  const [search] = useSearchParams()
  const { name, email } = readThankYouData(location.state, search)
  const share = buildShareContent(window.location.origin, productName)
  const viewed = useRef(false)

  useCelebration()

  useEffect(() => {
    if (viewed.current) return
    viewed.current = true
    track('conversion_page_view')
  }, [track])

  const onCta = (target: string) => () => track('thank_you_cta_click', { target })
  const onShare = (network: ShareNetwork | 'native') => track('social_share', { network })

  const steps = [
    {
      icon: MailCheck,
      title: 'Confira seu e-mail',
      text: email
        ? `Enviamos uma mensagem de boas-vindas para ${email}. Se não a encontrar, olhe as abas Promoções e Spam.`
        : 'Enviamos uma mensagem de boas-vindas. Se não a encontrar, olhe as abas Promoções e Spam.',
    },
    {
      icon: Smartphone,
      title: 'Baixe o app',
      text: `O ${productName} funciona no navegador e pode ser instalado no celular: abra o menu do navegador e toque em “Adicionar à tela inicial”.`,
    },
    {
      icon: Users,
      title: 'Participe da comunidade',
      text: 'Você agora faz parte da nossa comunidade. Convide quem você ama para cuidar da mente junto com você.',
      link: { label: 'Compartilhar agora' },
    },
  ]

  return (
    <div className="relative isolate overflow-x-clip">
      <title>{`Inscrição confirmada — ${productName}`}</title>
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-[30rem] bg-gradient-to-b from-tint via-tint/50 to-surface" />
      <div aria-hidden="true" className="absolute -top-28 left-1/2 -z-10 size-[30rem] -translate-x-1/2 rounded-full bg-gold-200/35 blur-3xl night:opacity-25" />

      <div className="mx-auto max-w-4xl px-5 pt-12 pb-16 sm:px-6 sm:pt-16 sm:pb-24">
        <header className="mx-auto max-w-2xl text-center">
          <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 text-white shadow-glow">
            <CircleCheckBig aria-hidden="true" className="size-8" />
          </span>
          <p className="mt-6 text-sm font-bold tracking-[0.16em] text-accent uppercase">Inscrição confirmada</p>
          <h1 className="mt-2 text-[2.1rem] leading-tight font-extrabold tracking-tight text-balance break-words text-ink sm:text-5xl">
            Parabéns, {name}!
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-pretty text-ink-muted">
            Que bom ter você com a gente. Você agora faz parte da lista do {productName} e vai receber conteúdos gratuitos para
            cuidar da sua mente.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <ButtonLink to="/demo" size="lg" onClick={onCta('demo')} className="whitespace-normal">
              <PlayCircle aria-hidden="true" />
              Ouvir Demonstração Grátis
            </ButtonLink>
            <ButtonLink to="/" size="lg" variant="outline" onClick={onCta('home')}>
              <Home aria-hidden="true" />
              Voltar ao Início
            </ButtonLink>
          </div>
        </header>

        <section aria-labelledby="proximos-passos-title" className="mt-16">
          <h2 id="proximos-passos-title" className="text-center text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Próximos passos
          </h2>
          <ol className="mt-8 grid gap-4 md:grid-cols-3">
            {steps.map(({ icon: Icon, title, text, link }, index) => (
              <li key={title} className="flex flex-col rounded-2xl border border-line bg-card p-6 shadow-soft">
                <div className="flex items-center gap-3">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-tint-strong text-accent">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="text-sm font-semibold text-accent">Passo {index + 1}</span>
                </div>
                <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
                <p className="mt-1.5 text-[0.95rem] leading-relaxed break-words text-ink-muted">{text}</p>
                {link ? (
                  <button
                    type="button"
                    onClick={() => {
                      track('thank_you_cta_click', { target: 'share' })
                      scrollToSection('compartilhar')
                    }}
                    className="mt-3 cursor-pointer self-start rounded-md text-[0.95rem] font-semibold text-accent-strong underline underline-offset-4 hover:text-accent-strong"
                  >
                    {link.label}
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
        </section>

        <div className="mt-14 grid gap-6 lg:grid-cols-[1.1fr_1fr]">
          <section aria-labelledby="o-que-esperar-title" className="rounded-4xl border border-line bg-card p-6 shadow-soft sm:p-8">
            <h2 id="o-que-esperar-title" className="flex items-center gap-2.5 text-xl font-bold tracking-tight text-ink sm:text-2xl">
              <Sparkles aria-hidden="true" className="size-6 text-warm" />O que Esperar
            </h2>
            <ul className="mt-5 flex flex-col gap-3.5">
              {EXPECTATIONS.map((item) => (
                <li key={item} className="flex gap-3 text-[0.95rem] leading-relaxed text-ink">
                  <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                  {item}
                </li>
              ))}
            </ul>
          </section>

          <section
            id="compartilhar"
            aria-labelledby="compartilhar-title"
            className="relative isolate overflow-hidden rounded-4xl bg-gradient-to-br from-brand-700 via-brand-900 to-brand-950 p-6 text-white shadow-lifted sm:p-8"
          >
            <div aria-hidden="true" className="absolute -top-16 -right-12 -z-10 size-56 rounded-full bg-brand-400/40 blur-3xl" />
            <h2 id="compartilhar-title" className="text-xl font-bold tracking-tight sm:text-2xl">
              Compartilhe com quem você ama
            </h2>
            <p className="mt-2 leading-relaxed text-brand-100">
              Cuidar da mente fica mais fácil em boa companhia. Envie o {productName} para amigos e família.
            </p>
            <div className="mt-6">
              <ShareButtons content={share} onShare={onShare} />
            </div>
          </section>
        </div>

        <p className="mt-12 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-[0.95rem] text-ink-muted">
          <Mail aria-hidden="true" className="size-4.5 shrink-0 text-accent" />
          Dúvidas? Fale com a gente:
          <a
            href={`mailto:${supportEmail}`}
            onClick={onCta('contact')}
            className="rounded-md font-semibold text-accent-strong underline underline-offset-4 hover:text-accent-strong"
          >
            {supportEmail}
          </a>
        </p>
      </div>
    </div>
  )
}
