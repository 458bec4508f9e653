import { useEffect, useRef } from 'react'
import { BellRing, Gift, HeartHandshake, Quote, ShieldCheck, Sparkles, Target } from 'lucide-react'
import { useNavigate, useSearchParams } from 'react-router'
import type { LeadCreated } from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'
import { noTrack, readUtmParams, thankYouPath, type ThankYouState, type TrackEvent } from '../lib/lead-form'
import { LeadForm } from './lead-form'

const BENEFITS = [
  {
    icon: Sparkles,
    title: 'Práticas curtas para o dia a dia',
    text: 'Dicas e exercícios guiados de reprogramação mental que cabem em poucos minutos.',
  },
  {
    icon: Target,
    title: 'Conteúdo no tema que você escolher',
    text: 'Foco, sono, autoestima, relacionamentos: receba mais do que importa para você agora.',
  },
  {
    icon: BellRing,
    title: 'Novidades em primeira mão',
    text: 'Saiba antes de todo mundo sobre novos programas de 21 dias e condições especiais.',
  },
  {
    icon: HeartHandshake,
    title: 'Sem spam e sem compromisso',
    text: 'Poucas mensagens, só quando temos algo útil. Você sai da lista quando quiser.',
  },
] as const

/**
 * The page's one fixed testimonial. Before launch replace it with a real listener's words,
 * published with their written permission (CONAR and CDC art. 37: no invented testimonials).
 */
const TESTIMONIAL = {
  quote:
    'Comecei com um áudio por dia antes de dormir. Em poucas semanas percebi que estava mais calma e com mais clareza para decidir as coisas do trabalho.',
  author: 'Ana Paula',
  detail: '34 anos, São Paulo (SP)',
} as const

export interface LeadSignupPageProps {
  productName: string
  track?: TrackEvent
}

/** `/inscricao`: free sign-up to the mailing list (docs/product/public-pages.md#lead-sign-up-inscricao). */
export function LeadSignupPage({ productName, track = noTrack }: LeadSignupPageProps) {
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const utm = readUtmParams(search)
  const shown = useRef(false)

  useEffect(() => {
    if (shown.current) return
    shown.current = true
    track('lead_capture', { source: utm.utm_source ?? 'direto' })
  }, [track, utm.utm_source])

  const onSuccess = (lead: LeadCreated) => {
    const state: ThankYouState = { name: lead.name, email: lead.email }
    void navigate(thankYouPath(lead.name), { state })
  }

  return (
    <div className="relative isolate overflow-x-clip">
      <title>{`Receba conteúdos gratuitos — ${productName}`}</title>
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-tint via-tint/60 to-surface" />
      <div aria-hidden="true" className="absolute -top-32 right-0 -z-10 size-[28rem] rounded-full bg-gold-200/35 blur-3xl night:opacity-25" />

      <div className="mx-auto grid max-w-6xl gap-10 px-5 pt-10 pb-16 sm:px-6 sm:pt-14 sm:pb-24 lg:grid-cols-[1fr_minmax(0,30rem)] lg:gap-x-16 lg:gap-y-12">
        <div className="lg:col-start-1">
          <Badge variant="outline" className="bg-card/80">
            <Gift aria-hidden="true" />
            Conteúdo gratuito por e-mail
          </Badge>
          <h1 className="mt-5 text-[2.1rem] leading-[1.12] font-extrabold tracking-tight text-balance text-ink sm:text-5xl">
            Cuide da sua mente com conteúdos{' '}
            <span className="bg-gradient-to-r from-brand-600 to-brand-900 bg-clip-text text-transparent">gratuitos</span> do{' '}
            {productName}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-ink-muted">
            Inscreva-se na nossa lista e receba no seu e-mail práticas curtas de reprogramação mental, no seu ritmo. Leva menos de
            um minuto.
          </p>
        </div>

        <section
          aria-labelledby="lead-form-title"
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
        >
          <div className="rounded-4xl border border-line bg-card p-5 shadow-lifted sm:p-8 lg:sticky lg:top-24">
            <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 id="lead-form-title" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
                  Faça sua inscrição
                </h2>
                <p className="mt-1 text-[0.95rem] text-ink-muted">Sem cartão de crédito. Sem compromisso.</p>
              </div>
              <p className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-3 py-1.5 text-sm font-bold text-success">
                <ShieldCheck aria-hidden="true" className="size-4" />
                100% Gratuito
              </p>
            </div>
            <LeadForm utm={utm} onSuccess={onSuccess} track={track} />
          </div>
        </section>

        <div className="flex flex-col gap-10 lg:col-start-1">
          <section aria-labelledby="lead-benefits-title">
            <h2 id="lead-benefits-title" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
              O que você vai receber
            </h2>
            <ul className="mt-5 grid gap-4 sm:grid-cols-2">
              {BENEFITS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-4 rounded-2xl border border-line bg-card p-5 shadow-soft sm:block">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-glow">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div className="min-w-0 sm:mt-4">
                    <h3 className="font-semibold text-ink">{title}</h3>
                    <p className="mt-1 text-[0.95rem] leading-relaxed text-ink-muted">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <figure className="relative overflow-hidden rounded-4xl bg-gradient-to-br from-brand-700 via-brand-900 to-brand-950 p-7 text-white shadow-lifted sm:p-9">
            <div aria-hidden="true" className="absolute -top-16 -right-10 size-56 rounded-full bg-brand-400/35 blur-3xl" />
            <Quote aria-hidden="true" className="relative size-8 text-gold-300" />
            <blockquote className="relative mt-4 text-lg leading-relaxed text-pretty sm:text-xl">
              <p>“{TESTIMONIAL.quote}”</p>
            </blockquote>
            <figcaption className="relative mt-5 text-[0.95rem] text-brand-100">
              <span className="font-semibold text-white">{TESTIMONIAL.author}</span>, {TESTIMONIAL.detail}
            </figcaption>
          </figure>
        </div>
      </div>
    </div>
  )
}
