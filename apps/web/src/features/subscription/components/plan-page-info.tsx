import { Headphones, Infinity as InfinityIcon, WifiOff } from 'lucide-react'

const BENEFITS = [
  {
    icon: <InfinityIcon />,
    title: 'Acesso completo',
    text: 'Todos os campos de desenvolvimento e todos os áudios guiados, sem limite de reproduções.',
  },
  {
    icon: <WifiOff />,
    title: 'Ouça sem internet',
    text: 'Baixe seus áudios favoritos no aparelho e ouça onde estiver, mesmo offline.',
  },
  {
    icon: <Headphones />,
    title: 'Novos conteúdos',
    text: 'A biblioteca cresce todo mês com novos áudios para a sua rotina.',
  },
]

/** The three benefit blurbs of the plan page (docs/product/commerce.md#plan-page-assinatura). */
export function PlanBenefits() {
  return (
    <section aria-labelledby="benefits-title">
      <h2 id="benefits-title" className="text-center text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        O que você recebe
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3 sm:gap-5">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
            <span aria-hidden="true" className="grid size-11 place-items-center rounded-2xl bg-tint-strong text-accent [&_svg]:size-5.5">
              {benefit.icon}
            </span>
            <h3 className="mt-4 text-lg font-bold text-ink">{benefit.title}</h3>
            <p className="mt-1.5 text-[0.95rem] leading-relaxed text-ink-muted">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The three-question FAQ. Every active subscriber may download, whatever the plan (the server
 * enforces it), so the FAQ names no plan tier (docs/product/listening.md#who-may-listen).
 */
export function PlanFaq({ guaranteeDays }: { guaranteeDays: number }) {
  const questions = [
    {
      q: 'Posso cancelar quando quiser?',
      a: 'Sim. Você cancela pelo portal de pagamento, sem multa, e continua com acesso até o fim do período já pago.',
    },
    {
      q: 'Posso ouvir os áudios sem internet?',
      a: 'Sim. Todo assinante ativo, em qualquer plano, pode baixar os áudios no aparelho e ouvi-los offline enquanto a assinatura estiver ativa.',
    },
    {
      q: 'E se eu não gostar?',
      a: `Você tem ${guaranteeDays} dias de garantia: peça o reembolso nesta página e devolvemos o valor pago.`,
    },
  ]
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl">
      <h2 id="faq-title" className="text-center text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        Perguntas frequentes
      </h2>
      <div className="mt-8 divide-y divide-line rounded-3xl border border-line bg-card shadow-soft">
        {questions.map(({ q, a }) => (
          <details key={q} className="group px-5 py-1 sm:px-7">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-3 text-left text-[1.02rem] font-semibold text-ink marker:hidden [&::-webkit-details-marker]:hidden">
              {q}
              <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-tint text-accent transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="pb-4 text-[0.95rem] leading-relaxed text-ink-muted">{a}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
