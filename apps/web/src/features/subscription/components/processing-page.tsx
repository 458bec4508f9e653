import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import type { CheckoutVerification } from '@sintonia/contract'
import { verifyCheckout } from '../api/commerce-api'
import { cleanCheckoutId, subscriptionSuccessPath } from '../lib/checkout-id'
import { StatusCard } from './commerce-shell'

/** The processing page waits 3 s before verifying. */
export const PROCESSING_COUNTDOWN_S = 3
/** A paid checkout whose confirmation is still on its way is asked again this many times, 2 s apart. */
export const UNPAID_RECHECKS = 5
export const UNPAID_RECHECK_MS = 2_000

export const VERIFICATION_FAILED_PATH = '/assinatura?error=verification_failed'

/** Where the buyer goes once the checkout is verified (docs/product/commerce.md#processing-page-assinaturaprocessando). */
export function processingTarget(checkoutId: string, verification: CheckoutVerification, signedIn: boolean): string {
  if (signedIn) return subscriptionSuccessPath(checkoutId)
  if (!verification.accountExists) {
    return `/onboarding/definir-senha?email=${encodeURIComponent(verification.email)}&session_id=${encodeURIComponent(checkoutId)}`
  }
  // An account with this e-mail exists: signing in with session_id attaches the paid
  // subscription (pending merge), then the success page shows it.
  return `/login?session_id=${encodeURIComponent(checkoutId)}&redirect=${encodeURIComponent(subscriptionSuccessPath(checkoutId))}`
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `/assinatura/processando?session_id=`: a visible 3-second countdown, then verify-session and
 * the route by the person's state. `signedIn` is null while the sign-in is still being read.
 */
export function ProcessingPage({ productName, signedIn }: { productName: string; signedIn: boolean | null }) {
  const [search] = useSearchParams()
  const checkoutId = cleanCheckoutId(search.get('session_id'))
  const navigate = useNavigate()
  const [remaining, setRemaining] = useState(PROCESSING_COUNTDOWN_S)
  const [confirming, setConfirming] = useState(false)
  const started = useRef(false)

  useEffect(() => {
    if (!checkoutId || remaining <= 0) return
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1_000)
    return () => clearTimeout(timer)
  }, [checkoutId, remaining])

  // A late answer must not move a person who already left the page.
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    if (!checkoutId || remaining > 0 || signedIn === null || started.current) return
    started.current = true
    void (async () => {
      let target = VERIFICATION_FAILED_PATH
      try {
        let verification = await verifyCheckout(checkoutId)
        for (let attempt = 0; !verification.paid && attempt < UNPAID_RECHECKS && mounted.current; attempt += 1) {
          setConfirming(true)
          await wait(UNPAID_RECHECK_MS)
          verification = await verifyCheckout(checkoutId)
        }
        if (verification.paid) target = processingTarget(checkoutId, verification, signedIn)
      } catch {
        // Any failure: the plan page explains it (error=verification_failed).
      }
      if (mounted.current) void navigate(target, { replace: true })
    })()
  }, [checkoutId, remaining, signedIn, navigate])

  if (!checkoutId) return <Navigate to="/" replace />

  const counting = remaining > 0
  return (
    <StatusCard
      pageTitle={`Processando pagamento — ${productName}`}
      icon={
        <span className="relative grid size-16 place-items-center">
          <span className="absolute inset-0 animate-spin rounded-2xl border-[3px] border-line-strong border-t-brand-700 motion-reduce:animate-none" />
          <span data-testid="processing-countdown" className="text-2xl font-extrabold text-accent-strong tabular-nums">
            {counting ? remaining : '✓'}
          </span>
        </span>
      }
      title="Processando seu pagamento"
      description="Estamos confirmando seu pagamento com segurança. Não feche esta página."
    >
      <p role="status" aria-live="polite" className="mt-6 text-[0.95rem] font-medium text-accent-strong">
        {counting
          ? `Verificando em ${remaining} ${remaining === 1 ? 'segundo' : 'segundos'}...`
          : confirming
            ? 'Aguardando a confirmação do pagamento...'
            : 'Verificando seu pagamento...'}
      </p>
    </StatusCard>
  )
}
