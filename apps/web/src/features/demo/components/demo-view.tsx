import type { ReactNode } from 'react'
import { CircleCheckBig, Clock, Headphones, Heart, Home, Library, TriangleAlert } from 'lucide-react'
import { DEMO_MSG, type Audio } from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'
import { ButtonLink } from '../../../components/ui/button'
import { PageShell } from '../../../components/ui/page-shell'

const BENEFITS = [
  'Biblioteca completa com áudios em todos os campos de desenvolvimento',
  'Programas de 21 dias, com cerca de 20 minutos por dia',
  'Repetição automática e música de fundo para aprofundar cada sessão',
  'Ouça onde estiver: no celular, no computador e até sem internet',
] as const

export interface DemoViewProps {
  audio: Audio
  fieldTitle: string | null
  isAlternative: boolean
  /** The listener's own player for this audio (features/player, composed by the route). */
  player: ReactNode
}

/** The demo page body for a usable audio: details, the real player and the closing pitch. */
export function DemoView({ audio, fieldTitle, isAlternative, player }: DemoViewProps) {
  return (
    <PageShell backdropClassName="h-96" contentClassName="px-5">
      <Badge variant="outline" className="bg-card/80">
        <Headphones aria-hidden="true" />
        Demonstração gratuita
      </Badge>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-ink sm:text-4xl">{audio.title}</h1>
      {audio.description ? (
        <p className="mt-3 text-lg leading-relaxed text-pretty text-ink-muted">{audio.description}</p>
      ) : null}

      <ul className="mt-5 flex flex-wrap items-center gap-2" aria-label="Detalhes do áudio">
        <li className="flex">
          <Badge variant="brand">{fieldTitle?.trim() ? fieldTitle : DEMO_MSG.fieldFallback}</Badge>
        </li>
        <li className="flex">
          <Badge variant="neutral">
            <Clock aria-hidden="true" />
            <span className="sr-only">Duração: </span>
            {audio.duration || '0:00'}
          </Badge>
        </li>
      </ul>

      {isAlternative ? (
        <p
          role="status"
          className="mt-6 flex gap-3 rounded-2xl border border-warm-line bg-warm-soft p-4 text-sm leading-relaxed text-warm"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warm" />
          {DEMO_MSG.alternativeWarning}
        </p>
      ) : null}

      <div className="mt-8">{player}</div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <ButtonLink to="/assinatura">
          <Library aria-hidden="true" />
          Acessar Biblioteca Completa
        </ButtonLink>
        <ButtonLink to="/" variant="ghost">
          <Home aria-hidden="true" />
          Voltar ao início
        </ButtonLink>
      </div>

      <section
        aria-labelledby="demo-pitch-title"
        className="relative isolate mt-14 overflow-hidden rounded-4xl bg-gradient-to-br from-brand-700 via-brand-900 to-brand-950 p-7 text-white shadow-lifted sm:p-10"
      >
        <div aria-hidden="true" className="absolute -top-20 -right-16 -z-10 size-64 rounded-full bg-brand-400/40 blur-3xl" />
        <h2 id="demo-pitch-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          Gostou? Isso é só o começo.
        </h2>
        <p className="mt-3 leading-relaxed text-brand-100">
          Assinantes têm acesso a todo o acervo de áudios guiados para transformar a mente dia após dia.
        </p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-3 rounded-2xl bg-white/8 p-3.5 text-[0.95rem] sm:p-4 leading-relaxed ring-1 ring-white/10">
              <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
              {benefit}
            </li>
          ))}
        </ul>
        <ButtonLink to="/assinatura" variant="accent" size="lg" className="mt-8 w-full sm:w-auto">
          <Heart aria-hidden="true" fill="currentColor" />
          Sua mente Merece!
        </ButtonLink>
      </section>
    </PageShell>
  )
}
