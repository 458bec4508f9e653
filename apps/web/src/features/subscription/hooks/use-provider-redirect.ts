import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { COMMERCE_MSG } from '@sintonia/contract'
import { ApiRequestError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client'
import { openProviderInNewTab, scheduleProviderRedirect, usableProviderUrl } from '../lib/provider-redirect'

/** One toast id for the whole trip to the provider: each step replaces the previous toast. */
export const PROVIDER_TOAST_ID = 'provider-redirect'

class MissingUrlError extends Error {}

export interface ProviderTripTexts {
  /** Loading toast while the server prepares the page. */
  preparing: string
  /** Toast once the URL is known, shown during the 500 ms before leaving. */
  redirecting: string
  /** Error toast title. */
  failedTitle: string
  /** Error description when the server gave no specific reason. */
  failedFallback: string
}

export const CHECKOUT_TEXTS: ProviderTripTexts = {
  preparing: COMMERCE_MSG.preparingPayment,
  redirecting: COMMERCE_MSG.redirectingToPayment,
  failedTitle: COMMERCE_MSG.createSubscriptionFailed,
  failedFallback: COMMERCE_MSG.createSubscriptionRetry,
}

export const PORTAL_TEXTS: ProviderTripTexts = {
  preparing: COMMERCE_MSG.openingPortal,
  redirecting: COMMERCE_MSG.redirecting,
  failedTitle: COMMERCE_MSG.portalFailed,
  failedFallback: COMMERCE_MSG.portalFailed,
}

export const PENDING_PAYMENT_TEXTS: ProviderTripTexts = {
  preparing: COMMERCE_MSG.preparingPayment,
  redirecting: COMMERCE_MSG.redirectingToPayment,
  failedTitle: COMMERCE_MSG.pendingPaymentFailed,
  failedFallback: COMMERCE_MSG.pendingPaymentFailed,
}

/** The text under the error title: the server's own pt-BR reason, or the fallback. */
export function tripErrorText(error: unknown, fallback: string): string {
  if (error instanceof MissingUrlError) return COMMERCE_MSG.missingPaymentUrl
  if (error instanceof ApiRequestError && error.message && error.message !== GENERIC_ERROR_MESSAGE) return error.message
  return fallback
}

/**
 * Asks the server for a provider page (checkout or portal) and goes there after 500 ms
 * (docs/product/commerce.md#leaving-for-the-provider). `busyKey` names what is on its way (e.g. the
 * plan code) until the page leaves or the request fails; a second start while one runs is ignored.
 */
export function useProviderTrip<K extends string>(texts: ProviderTripTexts) {
  const [busyKey, setBusyKey] = useState<K | null>(null)
  const running = useRef(false)
  const cancelRedirect = useRef<(() => void) | null>(null)

  useEffect(() => () => cancelRedirect.current?.(), [])

  const start = useCallback(
    async (key: K, request: () => Promise<{ url?: unknown }>): Promise<boolean> => {
      if (running.current) return false
      running.current = true
      setBusyKey(key)
      toast.loading(texts.preparing, { id: PROVIDER_TOAST_ID })
      try {
        const answer = await request()
        const url = usableProviderUrl(answer?.url)
        if (!url) throw new MissingUrlError()
        toast.success(texts.redirecting, {
          id: PROVIDER_TOAST_ID,
          duration: 15_000,
          action: { label: COMMERCE_MSG.openNow, onClick: () => openProviderInNewTab(url) },
        })
        cancelRedirect.current = scheduleProviderRedirect(url)
        return true
      } catch (error) {
        running.current = false
        setBusyKey(null)
        toast.error(texts.failedTitle, { id: PROVIDER_TOAST_ID, description: tripErrorText(error, texts.failedFallback), duration: 8_000 })
        return false
      }
    },
    [texts],
  )

  return { start, busyKey, busy: busyKey !== null }
}
