import { CalendarPlus, Crown, Download, Headphones, Sparkles, X } from 'lucide-react'
import { Button } from '../../../components/ui/button'

const BENEFITS = [
  { icon: Headphones, text: 'Todos os áudios premium liberados' },
  { icon: Download, text: 'Downloads para ouvir offline' },
  { icon: Sparkles, text: 'Conteúdo exclusivo para assinantes' },
  { icon: CalendarPlus, text: 'Novos conteúdos todo mês' },
]

interface WelcomeBannerProps {
  productName: string
  onDismiss: () => void
}

/** 'Bem-vindo ao {product} Premium!' after a subscription (docs/product/listening.md#dashboard-dashboard). */
export function WelcomeBanner({ productName, onDismiss }: WelcomeBannerProps) {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 p-6 text-white shadow-lifted sm:p-8"
    >
      <div aria-hidden="true" className="absolute -top-16 -right-16 size-56 rounded-full bg-gold-400/20 blur-3xl" />
      {/* z-10: the heading row and the list below are positioned and come later, so they were
          drawn over the button and took its tap — the banner never closed. */}
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Fechar boas-vindas"
        className="absolute top-3 right-3 z-10 grid size-10 place-items-center rounded-xl text-white/80 transition-colors hover:bg-white/10 hover:text-white"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
      <div className="relative flex items-center gap-3 pr-10">
        <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gold-400 text-on-gold">
          <Crown className="size-5" />
        </span>
        <h2 id="welcome-heading" className="text-xl font-extrabold tracking-tight sm:text-2xl">
          Bem-vindo ao {productName} Premium!
        </h2>
      </div>
      <ul className="relative mt-5 grid gap-3 sm:grid-cols-2">
        {BENEFITS.map(({ icon: BenefitIcon, text }) => (
          <li key={text} className="flex items-center gap-3 text-[0.95rem] text-white/90">
            <BenefitIcon aria-hidden="true" className="size-5 shrink-0 text-gold-300" />
            {text}
          </li>
        ))}
      </ul>
      <Button variant="accent" className="relative mt-6" onClick={onDismiss}>
        Começar Agora
      </Button>
    </section>
  )
}
