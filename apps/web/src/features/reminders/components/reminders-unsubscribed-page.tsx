/**
 * /lembretes/cancelados (docs/product/practice.md#reminders): where the e-mail reminder's
 * unsubscribe link lands, without login. A calm confirmation, or — with `?erro=1` — the invalid-link
 * message; either way a way back to Minha conta to set reminders again.
 */
import { CircleAlert, MailCheck } from 'lucide-react'
import { PRACTICE_MSG } from '@sintonia/contract'
import { ButtonLink } from '../../../components/ui/button'
import { PageShell } from '../../../components/ui/page-shell'

export function RemindersUnsubscribedPage({ invalid, productName }: { invalid: boolean; productName: string }) {
  return (
    <PageShell width="xl" pageTitle={`${invalid ? 'Link inválido' : 'Lembretes cancelados'} — ${productName}`}>
      <div className="flex flex-col items-center rounded-3xl border border-line bg-card px-6 py-10 text-center shadow-soft sm:px-10">
        <span
          aria-hidden="true"
          className={
            invalid
              ? 'grid size-14 place-items-center rounded-2xl bg-warm-soft text-warm [&_svg]:size-7'
              : 'grid size-14 place-items-center rounded-2xl bg-tint-strong text-accent [&_svg]:size-7'
          }
        >
          {invalid ? <CircleAlert /> : <MailCheck />}
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">{invalid ? (
            'Link inválido'
          ) : (
            <>
              Lembretes por <span className="whitespace-nowrap">e-mail</span> cancelados
            </>
          )}
        </h1>
        <p role="status" className="mt-3 text-[1.05rem] leading-relaxed text-ink-muted">
          {invalid ? PRACTICE_MSG.unsubscribeInvalid : PRACTICE_MSG.unsubscribed}
        </p>
        <p className="mt-2 text-[0.95rem] leading-relaxed text-ink-muted">
          {invalid
            ? 'Ele pode ter sido copiado pela metade. Em Minha conta, na seção Lembretes, você escolhe como e quando quer ser lembrado.'
            : 'Sua prática continua do mesmo jeito. Se quiser voltar a receber lembretes, por e-mail ou por notificação, é só ajustar em Minha conta.'}
        </p>
        <ButtonLink to="/minha-conta" size="md" className="mt-7">
          Ajustar meus lembretes
        </ButtonLink>
      </div>
    </PageShell>
  )
}
